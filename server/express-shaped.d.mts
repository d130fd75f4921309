import type http from "node:http";
import type { Express } from "express";

export function expressShapedClasses(app: Express): {
  IncomingMessage: typeof http.IncomingMessage;
  ServerResponse: typeof http.ServerResponse;
};
