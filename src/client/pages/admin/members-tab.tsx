import { Eye, Users } from "lucide-react";
import { Link } from "wouter";
import { type AdminUser, MEMBERS_MSG, memberName } from "../../../shared/admin/members.ts";
import { adminMembersApi } from "../../../shared/contract/admin-members.ts";
import { AdminSection, EmptyState, formatDateGB, usePagedEndpoint } from "../../components/admin/common.tsx";
import { ExportButton, ListToolbar } from "../../components/admin/list-toolbar.tsx";
import { AutoAssignButton } from "../../components/admin/members/auto-assign-button.tsx";
import { useExportButton } from "../../components/admin/members/export-button.tsx";
import { PartnerLine, PlanBadge, PlanStatusBadge } from "../../components/admin/members/member-badges.tsx";
import { useMemberFilters } from "../../components/admin/members/member-filters.tsx";
import {
  emailColumn,
  type ListColumn,
  PagedList,
  useListSearch,
} from "../../components/admin/paged-list.tsx";
import { Button } from "../../components/ui/button.tsx";

function MemberActions({ user }: { user: AdminUser }) {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link href={`/admin/members/${user.id}`} aria-label={`View Member ${memberName(user)}`}>
          <Eye aria-hidden />
          View Member
        </Link>
      </Button>
      <AutoAssignButton user={user} />
    </>
  );
}

const COLUMNS: ListColumn<AdminUser>[] = [
  {
    id: "member",
    header: "Member",
    card: "title",
    className: "min-w-40",
    cell: (u) => (
      <>
        <p className="font-medium wrap-anywhere">{memberName(u)}</p>
        <PartnerLine user={u} />
        <p className="text-xs break-all text-muted-foreground lg:hidden">{u.email}</p>
      </>
    ),
    cardCell: (u) => (
      <>
        <p className="font-medium wrap-anywhere">{memberName(u)}</p>
        <p className="text-sm break-all text-muted-foreground">{u.email}</p>
        <PartnerLine user={u} />
      </>
    ),
  },
  emailColumn((u) => u.email),
  { id: "plan", header: "Subscription", card: "field", cell: (u) => <PlanBadge user={u} /> },
  { id: "status", header: "Status", card: "field", cell: (u) => <PlanStatusBadge user={u} /> },
  {
    id: "joined",
    header: "Joined",
    card: "field",
    className: "whitespace-nowrap tabular-nums",
    cell: (u) => formatDateGB(u.createdAt),
  },
  {
    id: "actions",
    header: "Actions",
    card: "actions",
    headClassName: "text-right",
    cell: (u) => (
      <div className="flex justify-end gap-2">
        <MemberActions user={u} />
      </div>
    ),
    cardCell: (u) => <MemberActions user={u} />,
  },
];

/** The "members" tab of /admin: every member, searched and paged on the server, with Export to Excel. */
export default function MembersTab() {
  const s = useListSearch();
  const filters = useMemberFilters(s.setOffset);
  const list = usePagedEndpoint(adminMembersApi.list, {
    search: s.term,
    offset: s.offset,
    role: "member",
    ...filters.query,
  });
  const exportButton = useExportButton(adminMembersApi.export, "members", "Members");

  return (
    <AdminSection
      title="Member Management"
      description="Every member, newest first. Search looks in names and e-mail addresses; the filters narrow the list."
      actions={<ExportButton download={exportButton} label="Export to Excel" />}
    >
      <ListToolbar search={s} label="Search members" placeholder="Search by name or e-mail">
        {filters.controls}
      </ListToolbar>
      <PagedList
        list={list}
        columns={COLUMNS}
        rowKey={(u) => u.id}
        label="Members"
        testIdPrefix="member"
        errorTitle={MEMBERS_MSG.fetchFailed}
        loadingLabel="Loading members"
        empty={
          <EmptyState
            icon={<Users aria-hidden />}
            title={filters.active ? "No members match these filters." : MEMBERS_MSG.noMembers}
          />
        }
        pagerLabel="members"
        onOffset={s.setOffset}
      />
    </AdminSection>
  );
}
