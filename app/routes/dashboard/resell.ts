// Not built yet, so hidden rather than showing figures that are not true: the address leads to the dashboard.
import { redirect } from "react-router";

export const loader = () => redirect("/dashboard");
