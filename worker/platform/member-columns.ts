import { users } from '../db/schema';

/**
 * A member as the staff screens name him (a grid row, a review's header, an incident's list of
 * members to notify): one select shape instead of the same five columns in every module.
 */
export const MEMBER_NAME_COLUMNS = {
  id: users.id,
  user_name: users.userName,
  email: users.email,
  nombres: users.nombres,
  apellidos: users.apellidos,
};

/**
 * A member named beside a row of his (a cycle's line, a withholding report's): `user_id`, since
 * the row has its own id.
 */
export const MEMBER_OF_ROW_COLUMNS = {
  user_id: users.id,
  user_name: users.userName,
  nombres: users.nombres,
  apellidos: users.apellidos,
};
