// How the money area names a member: their name, or their e-mail address when they gave none.

export function memberName(user: { first_name: string; last_name: string; email: string }): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name === '' ? user.email : name;
}
