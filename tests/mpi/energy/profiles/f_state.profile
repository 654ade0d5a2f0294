# F goes off at 3 s and on again at 4 s, every 10 s
3 0
4 1
PERIODICITY 10
