// The address the specification also uses for the reseller programme.
import { redirect } from "react-router";

export const loader = () => redirect("/dashboard/resell");
