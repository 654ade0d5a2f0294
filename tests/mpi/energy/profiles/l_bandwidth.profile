# link l: 1 MB/s halved at 0.5 s
0.5 500000
