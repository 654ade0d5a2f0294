# found only through --cfg=path (it is not next to the platform)
0 1
1 0.25
