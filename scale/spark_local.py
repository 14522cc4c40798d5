"""A Spark context in local mode that listens on 127.0.0.1 only, and a check of that.

Used by spark_pipe.py and spark_python.py. Spark binds its driver RPC and block manager
to `spark.driver.bindAddress` and advertises `spark.driver.host`; `SPARK_LOCAL_IP` covers
whatever else asks for "the local address". The web UI would listen on every interface,
so it is off.
"""

import os
import sys
import time

LOOPBACK = "127.0.0.1"


def context(app, cores=2):
    """A local[cores] SparkContext bound to 127.0.0.1, its workers on this Python."""
    os.environ["SPARK_LOCAL_IP"] = LOOPBACK
    # The Python workers run the same interpreter (the virtual environment's).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark import SparkConf, SparkContext

    conf = (
        SparkConf()
        .setMaster(f"local[{cores}]")
        .setAppName(app)
        .set("spark.driver.host", LOOPBACK)
        .set("spark.driver.bindAddress", LOOPBACK)
        .set("spark.ui.enabled", "false")
        .set("spark.ui.showConsoleProgress", "false")
    )
    sc = SparkContext(conf=conf)
    sc.setLogLevel("WARN")
    return sc


def _listening_inodes():
    """{socket inode: (address, port)} of every listening TCP socket in this namespace."""
    found = {}
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        try:
            with open(table) as rows:
                next(rows)
                for row in rows:
                    fields = row.split()
                    local, state, inode = fields[1], fields[3], fields[9]
                    if state != "0A":  # TCP_LISTEN
                        continue
                    address, port = local.split(":")
                    found[inode] = (_address(address, width), int(port, 16))
        except FileNotFoundError:
            pass
    return found


def _address(hex_address, width):
    """The /proc/net/tcp{,6} hex address as text (little-endian 32-bit words)."""
    raw = bytes.fromhex(hex_address)
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    if width == 8:
        return ".".join(str(b) for b in words)
    if words[:12] == b"\0" * 10 + b"\xff\xff":
        return ".".join(str(b) for b in words[12:])  # IPv4-mapped
    return ":".join(words[i : i + 2].hex() for i in range(0, 16, 2))


def _tree(roots):
    """The processes in roots and all their descendants."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    # pid (comm) state ppid ...: comm may hold spaces, so split after ')'
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (FileNotFoundError, ProcessLookupError, IndexError):
                pass
    tree, grew = set(roots), True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return tree


def listeners(sc):
    """[(pid, address, port)]: the TCP sockets this driver, its JVM and workers listen on."""
    jvm_pid = sc._jvm.java.lang.ProcessHandle.current().pid()
    listening = _listening_inodes()
    found = []
    for pid in sorted(_tree({os.getpid(), jvm_pid})):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except (FileNotFoundError, PermissionError):
            continue
        for fd in fds:
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inode = target[len("socket:[") : -1]
                if inode in listening:
                    found.append((pid, *listening[inode]))
    return found


def check_loopback_only(sc):
    """Raise unless every listening socket of this Spark is on 127.0.0.1 (or ::1)."""
    found = listeners(sc)
    if not found:
        raise RuntimeError("found no listening socket of the Spark JVM: the check saw nothing")
    outside = [f for f in found if f[1] not in (LOOPBACK, "0000:0000:0000:0000:0000:0000:0000:0001")]
    if outside:
        raise RuntimeError(f"Spark listens beyond 127.0.0.1: {outside}")
    ports = ", ".join(f"{address}:{port}" for _, address, port in found)
    print(f"spark listens on {ports} only", file=sys.stderr)


def run_job(app, label, args, transform):
    """Runs one job on a local context: textFile(args.input) in at least
    args.partitions partitions, `transform(rdd)`, saveAsTextFile(args.output); checks
    that Spark listened on 127.0.0.1 only and prints the job's time as `label`."""
    sc = context(app, args.cores)
    try:
        start = time.monotonic()
        puzzles = sc.textFile(os.path.abspath(args.input), minPartitions=args.partitions)
        parts = puzzles.getNumPartitions()
        if parts < args.partitions:
            raise SystemExit(f"textFile gave {parts} partitions, fewer than {args.partitions}")
        transform(puzzles).saveAsTextFile(os.path.abspath(args.output))
        seconds = time.monotonic() - start
        check_loopback_only(sc)
        print(f"{label}: {parts} partitions, {seconds:.2f} s (job)", file=sys.stderr)
    finally:
        sc.stop()
