import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "./form";

function LoginForm({ lastResult }: { lastResult?: SubmissionResult }) {
  const [form, fields] = useForm({ id: "login", lastResult, defaultValue: { plan: "multi" } });
  return (
    <form {...getFormProps(form)}>
      {form.errors ? <p id={form.errorId}>{form.errors[0]}</p> : null}
      <input {...getInputProps(fields.email, { type: "email" })} />
      {fields.email.errors ? <p id={fields.email.errorId}>{fields.email.errors[0]}</p> : null}
      <input {...getInputProps(fields.password, { type: "password" })} />
      <input {...getInputProps(fields.terms, { type: "checkbox" })} />
      <select {...getSelectProps(fields.plan)}>
        <option value="one">One</option>
        <option value="multi">Multi</option>
      </select>
    </form>
  );
}

describe("server-validated forms", () => {
  it("shows the server's errors on their fields, linked for screen readers, with the values sent back", () => {
    const html = renderToStaticMarkup(
      <LoginForm
        lastResult={{
          status: "error",
          initialValue: { email: "not-an-address", terms: "on", plan: "one" },
          error: { "": ["Invalid email or password"], email: ["Please enter a valid email address"] },
        }}
      />,
    );
    expect(html).toContain('<form id="login" noValidate="" aria-describedby="login-error">');
    expect(html).toContain('<p id="login-error">Invalid email or password</p>');
    expect(html).toContain(
      '<input id="login-email" form="login" aria-invalid="true" aria-describedby="login-email-error" type="email" name="email" value="not-an-address"/>',
    );
    expect(html).toContain('<p id="login-email-error">Please enter a valid email address</p>');
    // The server leaves the password out of what it sends back, so the field comes back empty and valid.
    expect(html).toContain('<input id="login-password" form="login" type="password" name="password"/>');
    expect(html).toContain('type="checkbox" name="terms" checked="" value="on"');
    expect(html).toContain('<option value="one" selected="">One</option>');
  });

  it("starts from the defaults, and again after a reply that resets the form", () => {
    for (const lastResult of [undefined, { status: "success" as const, initialValue: null, error: null }]) {
      const html = renderToStaticMarkup(<LoginForm lastResult={lastResult} />);
      expect(html).not.toContain("aria-invalid");
      expect(html).toContain('<form id="login" noValidate="">');
      expect(html).toContain('<option value="multi" selected="">Multi</option>');
      expect(html).toContain('<input id="login-email" form="login" type="email" name="email"/>');
    }
  });
});
