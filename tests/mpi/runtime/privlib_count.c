/* privlib_count: a shared library with global state, for privlib_check.sh. */
int privlib_bump(void);

static int count;

int privlib_bump(void)
{
    return ++count;
}
