import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which wraps the React Router handler.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "shared",
                  test: /app[\\/](components[\\/]ui|utils|catalog)|lucide-react/,
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
