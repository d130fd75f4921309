// Suggestions for an Owner (customer e-mail) field: customers whose e-mail starts with what the admin typed.
import { useFetcher } from "react-router";

type Customers = { customers: { email: string; name: string }[] };

/** Props for the input (its datalist and the search on typing) and the datalist to render beside it. */
export function useOwnerEmailSuggestions(listId: string) {
  const fetcher = useFetcher<Customers>();
  const onInput = (e: React.FormEvent<HTMLInputElement>) => {
    const q = e.currentTarget.value.trim();
    if (q.length >= 3) fetcher.load(`/admin-dashboard/customers?q=${encodeURIComponent(q)}`);
  };
  const datalist = (
    <datalist id={listId}>
      {(fetcher.data?.customers ?? []).map((c) => (
        <option key={c.email} value={c.email}>
          {c.name}
        </option>
      ))}
    </datalist>
  );
  return { inputProps: { list: listId, onInput }, datalist };
}
