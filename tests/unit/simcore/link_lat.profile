# latency of link l: 20 ms from 1 s on
1 0.02
