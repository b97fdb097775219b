#!/usr/bin/env python3
"""Turns the oracle's output into the vector format of spark-oracle.json.

Usage: python3 oracle_to_vectors.py CASES.json ORACLE_OUT.json > VECTORS.json

Each vector keeps the case as it was given (id, cluster_manager, deploy_mode, app_type, conf or
submit_args, yarn_scheduler, heap_bytes) plus the Spark version it ran on, and its `expect` is
the oracle's flat `summary` with the fields Spark left empty (null) dropped. Fails on any result
that carries an error, so a broken case never becomes a vector.
"""
import json
import sys

CASE_KEYS = ["cluster_manager", "deploy_mode", "app_type", "conf", "submit_args",
             "yarn_scheduler", "heap_bytes"]


def errors(node, path=""):
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("error", "builder_error") and v is not None:
                yield f"{path}/{k}: {v.get('message') if isinstance(v, dict) else v}"
            else:
                yield from errors(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from errors(v, f"{path}[{i}]")


def main():
    cases = {c["id"]: c for c in json.load(open(sys.argv[1])) if c.get("kind", "case") == "case"}
    out = []
    for r in json.load(open(sys.argv[2])):
        if r.get("kind") != "case":
            continue
        bad = list(errors(r))
        if bad:
            sys.exit(f"{r['id']} [{r['spark_version']}]: " + "; ".join(bad))
        case = cases[r["id"]]
        v = {"id": r["id"], "spark_version": r["spark_version"]}
        v.update({k: case[k] for k in CASE_KEYS if k in case})
        v["expect"] = {k: x for k, x in r["summary"].items() if x is not None}
        out.append(v)
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
