spark-submit \
  --master yarn \
  --deploy-mode cluster \
  --num-executors 17 \
  --executor-cores 5 \
  --executor-memory 19g \
  --driver-memory 1g \
  --driver-cores 1 \
  <your-app>
