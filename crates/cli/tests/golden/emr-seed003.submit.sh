spark-submit \
  --master yarn \
  --deploy-mode client \
  --num-executors 50 \
  --executor-cores 4 \
  --executor-memory 18971m \
  <your-app>
