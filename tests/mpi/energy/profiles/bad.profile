# a line that is not "date value"
0 1
1 fast
