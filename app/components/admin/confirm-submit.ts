// A confirmation before a destructive admin form is sent.

/** Asks before a destructive submit; without JavaScript the form simply submits. */
export function confirmSubmit(message: string) {
  return (event: React.FormEvent) => {
    if (!window.confirm(message)) event.preventDefault();
  };
}
