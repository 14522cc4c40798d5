#!/usr/bin/env bash
# GNU parallel over ssh, for real: starts an sshd on 127.0.0.1 (a free port above 1024)
# with a throwaway host key and user key, ships the binary with --basefile into a fresh
# remote working directory, solves INPUT there through `parallel --sshlogin ... --pipe
# --keep-order`, and checks the output is byte-identical to a direct run. The sshd and
# the keys are removed on exit, whatever happens. Nothing but 127.0.0.1 is touched.
#
#   scale/ssh_parallel.sh BITDOKU INPUT [BLOCK]     BLOCK: parallel's --block (16k)
#
# Needs sshd, ssh, ssh-keygen, rsync (for --basefile) and GNU parallel; .ci/ssh.sh
# installs them.
set -euo pipefail
bin=$(realpath "$1")
input=$(realpath "$2")
block=${3:-16k}
for tool in /usr/sbin/sshd ssh ssh-keygen rsync parallel; do
  command -v "$tool" > /dev/null || { echo "ssh_parallel.sh: $tool is missing" >&2; exit 1; }
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/bitdoku-ssh.XXXXXX")
sshd_pid=
cleanup() {
  if [ -n "$sshd_pid" ]; then kill "$sshd_pid" 2> /dev/null || true; wait "$sshd_pid" 2> /dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

# A free port on 127.0.0.1, from the kernel.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
user=$(id -un)
ssh-keygen -q -t ed25519 -N '' -C bitdoku-ci-host -f "$dir/host_key"
ssh-keygen -q -t ed25519 -N '' -C bitdoku-ci-user -f "$dir/user_key"
cp "$dir/user_key.pub" "$dir/authorized_keys"
echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$dir/host_key.pub")" > "$dir/known_hosts"
cat > "$dir/sshd_config" <<CONF
ListenAddress 127.0.0.1:$port
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
AllowUsers $user
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
CONF
# The privilege-separation directory sshd insists on (Debian makes it at boot).
[ "$(id -u)" != 0 ] || mkdir -p /run/sshd
/usr/sbin/sshd -f "$dir/sshd_config" -D -e 2> "$dir/sshd.log" &
sshd_pid=$!

ssh_cmd="ssh -F /dev/null -p $port -i $dir/user_key -o IdentitiesOnly=yes -o BatchMode=yes"
ssh_cmd+=" -o StrictHostKeyChecking=yes -o UserKnownHostsFile=$dir/known_hosts"
for _ in $(seq 100); do
  $ssh_cmd "$user@127.0.0.1" true 2> /dev/null && break
  kill -0 "$sshd_pid" 2> /dev/null || { cat "$dir/sshd.log" >&2; exit 1; }
  sleep 0.1
done
$ssh_cmd "$user@127.0.0.1" true || { cat "$dir/sshd.log" >&2; exit 1; }

# The binary goes over with --basefile into a remote working directory that parallel
# makes, where nothing else is: the remote jobs run ./bitdoku, the shipped copy.
mkdir "$dir/local"
# parallel keeps what it learns about an sshlogin under $PARALLEL_HOME (~/.parallel):
# here, in the throwaway directory.
export PARALLEL_HOME=$dir/parallel-home
cp "$bin" "$dir/local/bitdoku"
"$bin" solve --threads 1 --quiet --exit-zero "$input" > "$dir/direct.txt"
start=$(date +%s.%N)
(
  cd "$dir/local"
  parallel --will-cite --sshlogin "2/$ssh_cmd $user@127.0.0.1" --workdir "$dir/remote" \
    --basefile bitdoku --pipe --keep-order --block "$block" \
    ./bitdoku solve --threads 1 --quiet --exit-zero < "$input" > "$dir/ssh.txt"
)
seconds=$(python3 -c "print($(date +%s.%N) - $start)")
cmp "$dir/local/bitdoku" "$dir/remote/bitdoku" \
  || { echo "the binary was not shipped to the remote working directory" >&2; exit 1; }
logins=$(grep -c 'Accepted publickey' "$dir/sshd.log" || true)
[ "$logins" -gt 1 ] || { echo "sshd saw $logins logins: the jobs did not go over ssh" >&2; exit 1; }
cmp "$dir/direct.txt" "$dir/ssh.txt"
printf 'parallel over ssh (127.0.0.1:%s, %s logins): %s records, byte-identical to a direct run; %.2f s (parallel)\n' \
  "$port" "$logins" "$(wc -l < "$dir/ssh.txt")" "$seconds"
