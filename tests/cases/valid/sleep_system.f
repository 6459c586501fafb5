# sleep and system are accepted; --check neither sleeps nor runs the command
set $s = 30
sleep 20
sleep $s
system "exit 3"
system "touch /tmp/fbsys-" "$s"
echo "done"
#> done
