"""The bench's lag phase alone, for a change to the followers.

`python -m bench.lag_phase [rates] [seconds]` (e.g. `500,250 8`) starts a durable throwaway cluster, seeds
5,000 events, starts `freight serve` in the default topology and runs `freight bench`'s own open-loop `lag`
job at each rate; it prints the rate reached, the lag's p50 and p99 (the read models' tracking row against
the store's head, as the bench measures it) and the CPU per command of the followers' process and of the
workers, with the machine's load average beside them. `BENCH_SPY=prefix` also records the followers'
process with py-spy (`--gil`, raw) into `prefix-<rate>.txt`. Run it from another tree's directory (the
same interpreter) to compare two trees under the same conditions, alternating.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.harness import load, login, serve
from bench.run import _cluster, _events_table, _tree, skip_policies_to_head


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _threads(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("Threads:")[1].split()[0])


def main(argv: list[str]) -> int:
    from api.cli.demo_seed import DEMO_PASSWORD, Seeder
    from api.settings import ExplicitSettings
    from domain.accounts.passwords import hash_password
    from infrastructure.event_store import SharedStore

    rates = [int(rate) for rate in (argv[0] if argv else "500").split(",")]
    seconds = float(argv[1]) if len(argv) > 1 else 8.0
    spy = os.environ.get("BENCH_SPY")
    throwaway_cluster, free_port = _cluster()
    work = Path(tempfile.mkdtemp(prefix="lag-phase-"))
    with throwaway_cluster(durable=True) as cluster:
        store_url = cluster.create_database("bench")
        settings = ExplicitSettings(DATABASE_URL=store_url, VAR_DIR=work / "var")
        store = SharedStore(settings.event_store_env())
        Seeder(store, password_hash=hash_password(DEMO_PASSWORD), batch_events=5000).run(5000)
        store.close()
        skip_policies_to_head(settings)
        password, port = secrets.token_urlsafe(12) + "-A1", free_port()
        env = {
            **os.environ,
            "DATABASE_URL": store_url,
            "VAR_DIR": str(work / "var"),
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "ADMIN_USERNAME": "admin",
            "ADMIN_PASSWORD": password,
            "JWT_SECRET": secrets.token_urlsafe(32),
            "RUN_FOLLOWERS": "true",
        }
        with serve([sys.executable, "-m", "api.cli", "serve"], env, port, work / "server.log") as server:
            time.sleep(1.0)
            base = f"http://127.0.0.1:{port}"
            admin = login(base, "admin", password)
            customers = [login(base, f"demo{i:06d}", DEMO_PASSWORD) for i in range(8)]
            children = [pid for pid in _tree(server.pid) if pid != server.pid]
            followers = max(children, key=_threads)  # the followers' process runs the most threads
            table = _events_table(store_url)
            for rate in rates:
                before = {pid: _cpu_ticks(pid) for pid in children}
                recorder = None
                if spy:
                    py_spy = str(Path(sys.executable).parent / "py-spy")
                    args = [py_spy, "record", "-p", str(followers), "-t", "--gil", "-r", "100"]
                    args.extend(["-d", str(int(seconds)), "-f", "raw", "-o", f"{spy}-{rate}.txt"])
                    recorder = subprocess.Popen(
                        args,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                result = load(
                    {
                        "kind": "lag",
                        "base_url": base,
                        "customer_tokens": customers,
                        "admin_token": admin,
                        "rate": rate,
                        "seconds": seconds,
                        "max_commands": rate * int(seconds) + 3,
                        "max_in_flight": 64,
                        "dsn": store_url,
                        "events_table": table,
                        "tracking_name": "read_models",
                    }
                )
                if recorder is not None:
                    recorder.wait()
                commands = max(1, int(result["commands"]))
                spent = {
                    pid: (_cpu_ticks(pid) - before[pid]) * 1000 / os.sysconf("SC_CLK_TCK") for pid in children
                }
                workers = sum(ms for pid, ms in spent.items() if pid != followers)
                lag = result["lag"]
                print(
                    f"rate {rate}: reached {result['achieved_rate']:.0f}/s, lag p50 {lag['p50_ms']:.1f}"
                    f" p99 {lag['p99_ms']:.1f} ms; CPU per command: followers"
                    f" {spent[followers] / commands:.2f} ms, workers {workers / commands:.2f} ms;"
                    f" load average {os.getloadavg()[0]:.2f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
