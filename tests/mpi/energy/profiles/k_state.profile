# link k is off from 2 to 3 s, every 10 s
2 0
3 1
LOOPAFTER 7
