# version prints the version; debug sets the verbosity (echo needs debug >= 1);
# a level above 10 is taken as 10
version
debug 0
echo "hidden at debug 0"
debug 1
echo "shown at debug 1"
debug 99
echo "shown at debug 99"
#> flowbench
#> shown at debug 1
#> shown at debug 99
