// `npm start`: build when the build is missing or stale, then serve it.
import { buildIfStale } from "./build-if-stale.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("npm start");
buildIfStale();
await import("../server.mjs");
