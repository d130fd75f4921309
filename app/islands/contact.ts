// Enhances the server-rendered contact form (routes/site/contact.tsx): choosing 'Other' or 'Delivery' reveals
// the field that subject needs and changing away clears it; Send stays disabled while a required field is
// empty, and reads 'Sending...' while the message is on its way. The server validates everything again.

/** Wires up the form; returns a function that undoes it. Calling it twice on one form is harmless. */
export function enhanceContactForm(form: HTMLFormElement): () => void {
  const subject = form.elements.namedItem("subject");
  const send = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!(subject instanceof HTMLSelectElement) || !send || form.dataset.enhanced) return () => {};
  form.dataset.enhanced = "true";

  // Each revealed field's wrapper names the subject it belongs to.
  const revealed = [...form.querySelectorAll<HTMLElement>("[data-shown-for]")];
  const required = () => [
    ...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("[data-required]"),
    ...revealed.filter((w) => !w.hidden).flatMap((w) => [...w.querySelectorAll("input")]),
  ];

  const update = () => {
    send.disabled = required().some((field) => field.value.trim() === "");
  };
  const onSubjectChange = () => {
    for (const wrapper of revealed) {
      const show = wrapper.dataset.shownFor === subject.value;
      if (!show) for (const input of wrapper.querySelectorAll("input")) input.value = "";
      wrapper.hidden = !show;
    }
    update();
  };
  const onSubmit = (e: SubmitEvent) => {
    if (send.disabled) {
      e.preventDefault();
      return;
    }
    // Disabled after the browser has collected the form, so the request goes out once.
    setTimeout(() => {
      send.disabled = true;
      send.textContent = "Sending...";
    });
  };
  // Coming back through the browser's history restores a page whose request already went out.
  const onPageShow = (e: PageTransitionEvent) => {
    if (!e.persisted) return;
    send.textContent = "Send Message";
    update();
  };

  subject.addEventListener("change", onSubjectChange);
  form.addEventListener("input", update);
  form.addEventListener("submit", onSubmit);
  window.addEventListener("pageshow", onPageShow);
  update();
  return () => {
    subject.removeEventListener("change", onSubjectChange);
    form.removeEventListener("input", update);
    form.removeEventListener("submit", onSubmit);
    window.removeEventListener("pageshow", onPageShow);
    send.disabled = false;
    delete form.dataset.enhanced;
  };
}
