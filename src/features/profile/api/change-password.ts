/** Changing the signed-in person's own password (extension `POST /auth/v1/password`). */
import { sessionEndpoints } from '../../../../contract/endpoints/sessions';
import type { ChangePasswordBody } from '../../../../contract/passwords';
import { call } from '../../../lib/api/client';

export const changePassword = (body: ChangePasswordBody) => call(sessionEndpoints.changePassword, { body });
