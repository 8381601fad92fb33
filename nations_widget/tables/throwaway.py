"""A throwaway PostgreSQL server for the tests and the benchmark: ``initdb`` into a temporary
folder, ``pg_ctl start`` listening only on a Unix socket in that folder (no TCP port, so
parallel runs never collide), and everything removed on exit.

PostgreSQL refuses to run as root; run as root (CI), the server runs as the ``postgres``
user that Debian's package creates, through ``runuser``.

>>> from nations_widget.tables.throwaway import find_postgres_bin
>>> find_postgres_bin() is None or (find_postgres_bin() / "initdb").exists()
True
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SUPERUSER = "nations"


class NoPostgres(RuntimeError):
    """No PostgreSQL server can be started here; the message says why."""


def find_postgres_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: on ``PATH``, else Debian's newest
    ``/usr/lib/postgresql/<version>/bin``."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    versions = []
    for folder in Path("/usr/lib/postgresql").glob("*/bin"):
        if (folder / "initdb").exists() and re.fullmatch(r"\d+", folder.parent.name):
            versions.append((int(folder.parent.name), folder))
    return max(versions)[1] if versions else None


def _as_user() -> tuple[list[str], int | None, int | None]:
    """The command prefix and ids to run the server with (not root)."""
    if os.geteuid() != 0:
        return [], None, None
    try:
        account = pwd.getpwnam("postgres")
    except KeyError:
        raise NoPostgres("running as root, and there is no 'postgres' user to run the "
                         "server as (Debian's postgresql package creates it)") from None
    runuser = shutil.which("runuser")
    if runuser is None:
        raise NoPostgres("running as root, and 'runuser' is missing to start the server as "
                         "the 'postgres' user")
    return [runuser, "-u", "postgres", "--"], account.pw_uid, account.pw_gid


@contextmanager
def throwaway_postgres(fsync: bool = False) -> Iterator[str]:
    """Start a server; yield the URL of its ``postgres`` database (superuser ``nations``,
    trusted local connections); stop it and remove its files on exit.  ``fsync`` off (the
    tests' default) skips the disk flushes a real server makes; the benchmark keeps them."""
    bindir = find_postgres_bin()
    if bindir is None:
        raise NoPostgres("PostgreSQL's initdb is not installed (Debian: apt-get install "
                         "postgresql)")
    prefix, uid, gid = _as_user()
    root = Path(tempfile.mkdtemp(prefix="nations-pg-"))
    data, socket_dir, log = root / "data", root / "run", root / "server.log"
    socket_dir.mkdir()
    if uid is not None and gid is not None:
        for path in (root, socket_dir):
            os.chown(path, uid, gid)
    env = {**os.environ, "LC_ALL": "C.UTF-8"}

    def run(*args: str) -> None:
        done = subprocess.run([*prefix, *args], capture_output=True, text=True, env=env,
                              check=False, timeout=120)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip()[-600:]
            raise NoPostgres(f"{Path(args[0]).name} failed: {tail}")

    started = False
    try:
        run(str(bindir / "initdb"), "-D", str(data), "-U", SUPERUSER, "-A", "trust",
            "-E", "UTF8", "--no-sync")
        options = (f"-c listen_addresses='' -c unix_socket_directories='{socket_dir}' "
                   f"-c fsync={'on' if fsync else 'off'} -c max_connections=200")
        run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
            "-w", "-t", "60", "start")
        started = True
        yield f"postgresql://{SUPERUSER}@/postgres?host={socket_dir}"
    finally:
        if started:
            subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m",
                            "immediate", "-w", "stop"], capture_output=True, check=False,
                           timeout=60)
        shutil.rmtree(root, ignore_errors=True)


__all__ = ["NoPostgres", "find_postgres_bin", "throwaway_postgres"]
