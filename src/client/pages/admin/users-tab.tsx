import { Eye, UserCog } from "lucide-react";
import { Link } from "wouter";
import { type AdminUser, MEMBERS_MSG, memberName } from "../../../shared/admin/members.ts";
import { adminMembersApi } from "../../../shared/contract/admin-members.ts";
import { AdminSection, EmptyState, formatDateGB, usePagedEndpoint } from "../../components/admin/common.tsx";
import { ListToolbar } from "../../components/admin/list-toolbar.tsx";
import { AdminRoleButton } from "../../components/admin/members/admin-role-button.tsx";
import {
  emailColumn,
  type ListColumn,
  PagedList,
  useListSearch,
} from "../../components/admin/paged-list.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useAuth } from "../../lib/auth.ts";

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

function UserActions({ user, self }: { user: AdminUser; self: boolean }) {
  return (
    <>
      {!self && <AdminRoleButton user={user} />}
      <ViewUserLink user={user} />
    </>
  );
}

function userColumns(meId: number | undefined): ListColumn<AdminUser>[] {
  const you = (u: AdminUser) =>
    meId === u.id && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>;
  return [
    {
      id: "name",
      header: "Name",
      card: "title",
      className: "min-w-36 font-medium wrap-anywhere",
      cell: (u) => (
        <>
          {memberName(u)}
          {you(u)}
          <span className="block text-xs font-normal break-all text-muted-foreground lg:hidden">
            {u.email}
          </span>
        </>
      ),
      cardCell: (u) => (
        <>
          <p className="font-medium wrap-anywhere">
            {memberName(u)}
            {you(u)}
          </p>
          <p className="text-sm break-all text-muted-foreground">{u.email}</p>
        </>
      ),
    },
    emailColumn((u) => u.email),
    {
      id: "status",
      header: "Status",
      card: "field",
      cell: (u) => (
        <Badge variant={u.onboardingCompleted ? "success" : "warning"}>
          {u.onboardingCompleted ? "Active" : "Pending"}
        </Badge>
      ),
    },
    {
      id: "registered",
      header: "Registered",
      card: "field",
      className: "whitespace-nowrap tabular-nums",
      cell: (u) => formatDateGB(u.createdAt),
    },
    {
      id: "admin",
      header: "Admin",
      card: "field",
      cell: (u) => <Badge variant={u.isAdmin ? "brand" : "neutral"}>{u.isAdmin ? "Admin" : "User"}</Badge>,
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      headClassName: "text-right",
      cell: (u) => (
        <div className="flex justify-end gap-2">
          <UserActions user={u} self={meId === u.id} />
        </div>
      ),
      cardCell: (u) => <UserActions user={u} self={meId === u.id} />,
    },
  ];
}

/**
 * The "users" tab of /admin: who may use the back office. The spec filters on the client; with 100,000
 * members the search box asks the server instead (?search=, name or e-mail, case-insensitive).
 */
export default function UsersTab() {
  const { user: me } = useAuth();
  const s = useListSearch();
  const list = usePagedEndpoint(adminMembersApi.list, { search: s.term, offset: s.offset });

  return (
    <AdminSection
      title="User Management"
      description="Give or remove access to the back office. Search looks in names and e-mail addresses."
    >
      <ListToolbar search={s} label="Search users" placeholder="Search by name or e-mail" />
      <PagedList
        list={list}
        columns={userColumns(me?.id)}
        rowKey={(u) => u.id}
        label="Users"
        testIdPrefix="user"
        errorTitle={MEMBERS_MSG.fetchFailed}
        loadingLabel="Loading users"
        empty={
          <EmptyState
            icon={<UserCog aria-hidden />}
            title={s.term ? "No users match this search." : "No users found."}
          />
        }
        pagerLabel="users"
        onOffset={s.setOffset}
      />
    </AdminSection>
  );
}
