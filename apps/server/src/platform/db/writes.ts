/** Whether a statement may write (anything but a plain SELECT; a WITH may hold an INSERT): Db.changes counts it. */
const READ_ONLY = /^\s*SELECT\b/i;
export const isWrite = (sql: string): boolean => !READ_ONLY.test(sql);
