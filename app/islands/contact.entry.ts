// Script of the contact page, which does not hydrate React.
import { enhanceContactForm } from "./contact";

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-contact-form]"))
  enhanceContactForm(form);
