import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { PasswordInput } from './password-input.tsx';

test('PWD-09 the password field is type=password, accepts paste, and has a show/hide toggle', async () => {
  render(
    <label>
      Password
      <PasswordInput />
    </label>,
  );
  const input = screen.getByLabelText('Password', { selector: 'input' });
  expect(input).toHaveAttribute('type', 'password');
  const paste = new Event('paste', { bubbles: true, cancelable: true });
  input.dispatchEvent(paste);
  expect(paste.defaultPrevented).toBe(false);
  await userEvent.click(input);
  await userEvent.paste('Pasted-Passphrase-123');
  expect(input).toHaveValue('Pasted-Passphrase-123');
  fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
  expect(input).toHaveAttribute('type', 'text');
  fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(input).toHaveAttribute('type', 'password');
});
