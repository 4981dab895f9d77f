import { Eye, UserCog } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { type AdminUser, MEMBERS_MSG, memberName } from "../../../shared/admin/members.ts";
import {
  AdminSection,
  EmptyState,
  formatDateGB,
  Pager,
  SearchBox,
  TableSkeleton,
  useDebounced,
  usePagedList,
} from "../../components/admin/common.tsx";
import { AdminRoleButton } from "../../components/admin/members/admin-role-button.tsx";
import {
  CardActions,
  CardField,
  CardFields,
  CardItem,
  CardList,
} from "../../components/admin/members/mobile-card.tsx";
import { LoadErrorCard } from "../../components/load-error-card.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { useAuth } from "../../lib/auth.ts";

function OnboardingBadge({ user }: { user: AdminUser }) {
  return (
    <Badge variant={user.onboardingCompleted ? "success" : "warning"}>
      {user.onboardingCompleted ? "Active" : "Pending"}
    </Badge>
  );
}

function RoleBadge({ user }: { user: AdminUser }) {
  return <Badge variant={user.isAdmin ? "brand" : "neutral"}>{user.isAdmin ? "Admin" : "User"}</Badge>;
}

function ViewUserLink({ user }: { user: AdminUser }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link href={`/admin/members/${user.id}`} aria-label={`View ${memberName(user)}`}>
        <Eye aria-hidden />
        View
      </Link>
    </Button>
  );
}

/**
 * The "users" tab of /admin: who may use the back office. The spec filters on the client; with 100,000
 * members the search box asks the server instead (?search=, name or e-mail, case-insensitive).
 */
export default function UsersTab() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const term = useDebounced(search.trim());
  const list = usePagedList<AdminUser>("/api/admin/users", { search: term, offset });

  return (
    <AdminSection
      title="User Management"
      description="Give or remove access to the back office. Search looks in names and e-mail addresses."
    >
      <div className="mb-4">
        <SearchBox
          label="Search users"
          placeholder="Search by name or e-mail"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setOffset(0);
          }}
        />
      </div>
      {list.query.isError ? (
        <LoadErrorCard
          title={MEMBERS_MSG.fetchFailed}
          error={list.query.error}
          onRetry={() => list.query.refetch()}
        />
      ) : list.query.isPending ? (
        <TableSkeleton label="Loading users" />
      ) : list.rows.length === 0 ? (
        <EmptyState
          icon={<UserCog aria-hidden />}
          title={term ? "No users match this search." : "No users found."}
        />
      ) : (
        <>
          {/* Phones: one card per user; the table from md up. */}
          <CardList label="Users">
            {list.rows.map((u) => {
              const self = me?.id === u.id;
              return (
                <CardItem key={u.id} testId={`user-card-${u.id}`}>
                  <div className="min-w-0">
                    <p className="font-medium wrap-anywhere">
                      {memberName(u)}
                      {self && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>}
                    </p>
                    <p className="text-sm break-all text-muted-foreground">{u.email}</p>
                  </div>
                  <CardFields>
                    <CardField term="Status">
                      <OnboardingBadge user={u} />
                    </CardField>
                    <CardField term="Registered">{formatDateGB(u.createdAt)}</CardField>
                    <CardField term="Admin">
                      <RoleBadge user={u} />
                    </CardField>
                  </CardFields>
                  <CardActions>
                    {!self && <AdminRoleButton user={u} />}
                    <ViewUserLink user={u} />
                  </CardActions>
                </CardItem>
              );
            })}
          </CardList>
          <div className="hidden md:block">
            <Table aria-label="Users" aria-busy={list.query.isFetching || undefined}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden lg:table-cell">Email</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Registered</TableHead>
                  <TableHead>Admin</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.rows.map((u) => {
                  const self = me?.id === u.id;
                  return (
                    <TableRow key={u.id} data-testid={`user-row-${u.id}`}>
                      <TableCell className="min-w-36 font-medium wrap-anywhere">
                        {memberName(u)}
                        {self && (
                          <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>
                        )}
                        <span className="block text-xs font-normal break-all text-muted-foreground lg:hidden">
                          {u.email}
                        </span>
                      </TableCell>
                      <TableCell className="hidden min-w-48 wrap-anywhere lg:table-cell">{u.email}</TableCell>
                      <TableCell>
                        <OnboardingBadge user={u} />
                      </TableCell>
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {formatDateGB(u.createdAt)}
                      </TableCell>
                      <TableCell>
                        <RoleBadge user={u} />
                      </TableCell>
                      <TableCell>
                        <div className="flex justify-end gap-2">
                          {!self && <AdminRoleButton user={u} />}
                          <ViewUserLink user={u} />
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
          <Pager total={list.total} limit={list.limit} offset={offset} onOffset={setOffset} label="users" />
        </>
      )}
    </AdminSection>
  );
}
