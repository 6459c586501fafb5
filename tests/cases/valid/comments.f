# a comment line
   # an indented comment
set $a = 1 # a comment after a command
set $b=2#a comment right after a value
define fileset name=c#omment right after a name
  , path=/tmp/fbcm, entries=2, dirwidth=2 # the command continues on the next line
echo "# inside quotes is text, a=$a b=$b" # but this is a comment
define process name=p { # comment inside braces
  thread name=t { # another
    flowop hog name=h, value=1 # last
  }
}
run
#> # inside quotes is text, a=1 b=2
#>   fileset /tmp/fbcm/c: 2 files
