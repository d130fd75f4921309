// `npm start`: build when the build is missing or stale, then serve it.
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
await import("../server.mjs");
