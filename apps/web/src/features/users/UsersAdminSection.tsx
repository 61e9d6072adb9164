import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error';
import { useAuth } from '../auth/auth-context';
import { CreateUserForm } from './CreateUserForm';
import { UserRow } from './UserRow';
import { usersQueries } from './users.queries';

/** Command roles: every account, its role and whether it may sign in; and new accounts. */
export function UsersAdminSection() {
  const { user: self } = useAuth();
  const users = useQuery(usersQueries.list());
  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h2 id="users-heading" className="text-xl font-semibold">
        Users
      </h2>
      {users.isPending ? <p>Loading users...</p> : null}
      {users.isError ? <p className="text-danger">{`Could not load users: ${describeError(users.error)}`}</p> : null}
      {users.data ? (
        // On a phone each user is a card (the table's rows laid out as blocks), so nothing scrolls sideways.
        <div className="sm:overflow-x-auto">
          <table className="w-full text-left max-sm:block sm:min-w-[32rem]">
            <caption className="sr-only">All users</caption>
            <thead className="max-sm:sr-only">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3">
                  User
                </th>
                <th scope="col" className="py-2 pr-3">
                  Role
                </th>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2">
                  Action
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block max-sm:space-y-3">
              {users.data.map((user) => (
                <UserRow key={user.id} user={user} viewer={self?.role} isSelf={user.id === self?.id} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CreateUserForm />
    </section>
  );
}
