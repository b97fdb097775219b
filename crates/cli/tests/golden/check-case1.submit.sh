spark-submit --master yarn --deploy-mode cluster \
  --num-executors 17 --executor-cores 5 --executor-memory 19g \
  --conf spark.yarn.executor.memoryOverhead=2048 --conf spark.exectuor.cores=4 app.jar
