import { useQuery } from '@tanstack/react-query';
import { CardTable } from '../../components/ui/CardTable';
import { QueryProblem } from '../../components/ui/QueryProblem';
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
      <QueryProblem query={users} loading="Loading users..." what="the users" />
      {users.data ? (
        <CardTable caption="All users" columns={['User', 'Role', 'State', 'Action']}>
          {users.data.map((user) => (
            <UserRow key={user.id} user={user} viewer={self?.role} isSelf={user.id === self?.id} />
          ))}
        </CardTable>
      ) : null}
      <CreateUserForm />
    </section>
  );
}
