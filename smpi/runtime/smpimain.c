/* smpimain: the simulator process that smpirun starts; everything happens in libsimmpi. */
int smpi_main(int argc, char **argv);

int main(int argc, char **argv)
{
    return smpi_main(argc, argv);
}
