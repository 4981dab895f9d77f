import { Download, Eye, Users } from "lucide-react";
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
import { AutoAssignButton } from "../../components/admin/members/auto-assign-button.tsx";
import { useExportButton } from "../../components/admin/members/export-button.tsx";
import { PartnerLine, PlanBadge, PlanStatusBadge } from "../../components/admin/members/member-badges.tsx";
import {
  CardActions,
  CardField,
  CardFields,
  CardItem,
  CardList,
} from "../../components/admin/members/mobile-card.tsx";
import { LoadErrorCard } from "../../components/load-error-card.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

function ViewMemberLink({ user }: { user: AdminUser }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link href={`/admin/members/${user.id}`} aria-label={`View Member ${memberName(user)}`}>
        <Eye aria-hidden />
        View Member
      </Link>
    </Button>
  );
}

/** The "members" tab of /admin: every member, searched and paged on the server, with Export to Excel. */
export default function MembersTab() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const term = useDebounced(search.trim());
  const list = usePagedList<AdminUser>("/api/admin/users", {
    search: term,
    offset,
    extra: { role: "member" },
  });
  const exportButton = useExportButton("/api/admin/users/export", "members", "Members");

  return (
    <AdminSection
      title="Member Management"
      description="Every member, newest first. Search looks in names and e-mail addresses."
      actions={
        <Button variant="outline" onClick={exportButton.run} disabled={exportButton.pending}>
          <Download aria-hidden />
          {exportButton.pending ? "Exporting..." : "Export to Excel"}
        </Button>
      }
    >
      <div className="mb-4">
        <SearchBox
          label="Search members"
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
        <TableSkeleton label="Loading members" />
      ) : list.rows.length === 0 ? (
        <EmptyState icon={<Users aria-hidden />} title={MEMBERS_MSG.noMembers} />
      ) : (
        <>
          {/* Phones: one card per member; the table from md up. */}
          <CardList label="Members">
            {list.rows.map((u) => (
              <CardItem key={u.id} testId={`member-card-${u.id}`}>
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{memberName(u)}</p>
                  <p className="text-sm break-all text-muted-foreground">{u.email}</p>
                  <PartnerLine user={u} />
                </div>
                <CardFields>
                  <CardField term="Subscription">
                    <PlanBadge user={u} />
                  </CardField>
                  <CardField term="Status">
                    <PlanStatusBadge user={u} />
                  </CardField>
                  <CardField term="Joined">{formatDateGB(u.createdAt)}</CardField>
                </CardFields>
                <CardActions>
                  <ViewMemberLink user={u} />
                  <AutoAssignButton user={u} />
                </CardActions>
              </CardItem>
            ))}
          </CardList>
          <div className="hidden md:block">
            <Table aria-label="Members" aria-busy={list.query.isFetching || undefined}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Member</TableHead>
                  <TableHead className="hidden lg:table-cell">Email</TableHead>
                  <TableHead>Subscription</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Joined</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.rows.map((u) => (
                  <TableRow key={u.id} data-testid={`member-row-${u.id}`}>
                    <TableCell className="min-w-40">
                      <p className="font-medium wrap-anywhere">{memberName(u)}</p>
                      <PartnerLine user={u} />
                      <p className="text-xs break-all text-muted-foreground lg:hidden">{u.email}</p>
                    </TableCell>
                    <TableCell className="hidden min-w-48 wrap-anywhere lg:table-cell">{u.email}</TableCell>
                    <TableCell>
                      <PlanBadge user={u} />
                    </TableCell>
                    <TableCell>
                      <PlanStatusBadge user={u} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatDateGB(u.createdAt)}
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-2">
                        <ViewMemberLink user={u} />
                        <AutoAssignButton user={u} />
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager total={list.total} limit={list.limit} offset={offset} onOffset={setOffset} label="members" />
        </>
      )}
    </AdminSection>
  );
}
