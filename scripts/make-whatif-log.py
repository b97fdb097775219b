#!/usr/bin/env python3
# Writes the what-if's speed benchmark log (BENCHMARKS.md, "What if: the curve's speed"): 15,000
# tasks, 25 jobs of a 500-task stage and a 100-task stage after it, on 16 executors of 1 core
# (a 498-point curve), as crates/eventlog/examples/whatif_curve's synthetic run; each event is
# crates/eventlog/tests/data/codec-none's (Spark 3.5) with its ids and times replaced. 78 MB of
# JSON, written outside the repository:
#
#   python3 scripts/make-whatif-log.py /tmp/synthetic-15000
#   cargo run --release -p e2e --example bench_analyzer -- 3 /tmp/synthetic-15000
import copy, json, os, random, sys
random.seed(7)
src = [json.loads(l) for l in open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'crates', 'eventlog', 'tests', 'data', 'codec-none'))]
by = {}
for e in src:
    by.setdefault(e['Event'], []).append(e)
out = []
keep = ['SparkListenerLogStart', 'SparkListenerResourceProfileAdded', 'SparkListenerEnvironmentUpdate', 'SparkListenerApplicationStart']
for e in src:
    if e['Event'] in keep:
        out.append(e)
t0 = by['SparkListenerApplicationStart'][0]['Timestamp']
EXEC = 16
for i in range(EXEC):
    a = copy.deepcopy(by['SparkListenerExecutorAdded'][0]); a['Executor ID'] = str(i); a['Timestamp'] = t0 + 10
    a['Executor Info']['Host'] = f'node{i % 4}'; a['Executor Info']['Total Cores'] = 1
    out.append(a)
job_t = by['SparkListenerJobStart'][0]; stage_info = job_t['Stage Infos'][0]
task_t = by['SparkListenerTaskEnd'][0]
now = t0 + 1000; tid = 0; sid = 0
def stage(sid, n, parents):
    s = copy.deepcopy(stage_info); s['Stage ID'] = sid; s['Number of Tasks'] = n; s['Parent IDs'] = parents
    return s
for j in range(25):
    a, b = sid, sid + 1; sid += 2
    js = copy.deepcopy(job_t); js['Job ID'] = j; js['Submission Time'] = now
    js['Stage Infos'] = [stage(a, 500, []), stage(b, 100, [a])]; js['Stage IDs'] = [a, b]
    out.append(js)
    for s, n in ((a, 500), (b, 100)):
        info = stage(s, n, [a] if s == b else [])
        info['Submission Time'] = now
        out.append({'Event': 'SparkListenerStageSubmitted', 'Stage Info': info, 'Properties': {}})
        free = [now] * EXEC
        for k in range(n):
            e = min(range(EXEC), key=lambda x: free[x]); start = free[e]; d = random.randint(200, 3000)
            t = copy.deepcopy(task_t); t['Stage ID'] = s; t['Stage Attempt ID'] = 0
            ti = t['Task Info']; ti['Task ID'] = tid; ti['Index'] = k; ti['Attempt'] = 0; ti['Partition ID'] = k
            ti['Launch Time'] = start; ti['Finish Time'] = start + d; ti['Executor ID'] = str(e); ti['Host'] = f'node{e % 4}'
            ti['Getting Result Time'] = 0
            tm = t.get('Task Metrics') or {}
            if 'Executor Run Time' in tm: tm['Executor Run Time'] = d - 5
            out.append(t); tid += 1; free[e] = start + d
        now = max(free)
        info2 = copy.deepcopy(info); info2['Completion Time'] = now
        out.append({'Event': 'SparkListenerStageCompleted', 'Stage Info': info2})
    out.append({'Event': 'SparkListenerJobEnd', 'Job ID': j, 'Completion Time': now, 'Job Result': {'Result': 'JobSucceeded'}})
    now += 50
out.append({'Event': 'SparkListenerApplicationEnd', 'Timestamp': now + 100})
with open(sys.argv[1], 'w') as f:
    for e in out: f.write(json.dumps(e) + '\n')
print(tid, 'tasks')
