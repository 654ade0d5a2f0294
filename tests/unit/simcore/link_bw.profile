# bandwidth of link l: halved from 0.02 s on (bytes/s)
0.02 5e7
