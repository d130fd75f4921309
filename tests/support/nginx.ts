// nginx for tests, run unprivileged from a temp folder: the deployment test puts it in front of the app with TLS,
// the scale-out test in front of two app processes.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface LocalNginx {
  child: ChildProcess;
  /** What nginx printed so far: why it exited, if it did. */
  errors(): string;
}

/**
 * Starts nginx with `http` (what goes inside its http block: servers, upstreams, log formats) in `work`, which
 * also holds its pid, logs and temp files (access log: work/access.log). The caller waits until it answers.
 */
export function startLocalNginx(work: string, http: string, { workerConnections = 256 } = {}): LocalNginx {
  const temp = path.join(work, "temp");
  fs.mkdirSync(temp, { mode: 0o777 });
  // nginx's workers may run as another user when started by root: they must reach the temp folder.
  fs.chmodSync(work, 0o755);
  fs.chmodSync(temp, 0o777);
  fs.writeFileSync(
    path.join(work, "main.conf"),
    `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;
${http}
}
`,
  );
  const child = spawn(
    "nginx",
    ["-p", work, "-e", path.join(work, "error.log"), "-c", path.join(work, "main.conf")],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  child.stderr!.on("data", (d) => {
    errors += d;
  });
  return { child, errors: () => errors };
}
