import { ShieldCheck, User } from "lucide-react";
import { Link } from "react-router";

export const meta = () => [{ title: "Choose how to log in" }];

export default function LoginSelection() {
  const options = [
    { to: "/login", title: "Customer login", text: "Manage your cards, links and referrals.", Icon: User },
    { to: "/admin-login", title: "Admin login", text: "For shop administrators.", Icon: ShieldCheck },
  ];
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold">Choose how to log in</h1>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {options.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col items-center rounded-xl border border-slate-200 p-8 text-center hover:border-brand-600 hover:bg-brand-50"
            >
              <Icon aria-hidden className="h-10 w-10 text-brand-600" />
              <span className="mt-4 text-lg font-semibold">{title}</span>
              <span className="mt-2 text-sm text-slate-600">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
