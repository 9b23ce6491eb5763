import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@contract/contact';
import { call } from './call';
import { apiOf } from './routes';

const contactApi = apiOf('contactApi');

/** `POST /api/utils/contact` (spec §7 Utilities): stores the message and notifies support. */
export const sendContactMessage = (body: ContactRequest) => call(contactApi.send, { body });

/** The contact form's submit (spec §4 Contact: submitting, then success or error). */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
