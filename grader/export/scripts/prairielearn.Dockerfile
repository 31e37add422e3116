# The image PrairieLearn grades in: Python and the grader (its dependencies included), nothing of the course;
# the rubric travels in the question's tests/ folder. Made by `grader export prairielearn`.
#   docker build -t YOU/adversarial-grader:VERSION . && docker push YOU/adversarial-grader:VERSION
FROM python:3.12-slim
# bubblewrap gives the sandbox its strongest isolation where the container allows it
RUN apt-get update && apt-get install -y --no-install-recommends bubblewrap && rm -rf /var/lib/apt/lists/*
COPY WHEEL /tmp/
RUN pip install --no-cache-dir --disable-pip-version-check /tmp/WHEEL && rm /tmp/WHEEL && grader rubric >/dev/null
