-- Default e-mail templates and campaigns (issue #5). Sending them is the campaigns worker's job.
INSERT INTO "email_templates" ("name", "subject", "html_content", "text_content", "template_type", "is_active") VALUES ('Welcome series: how it works', 'How your first surprise date comes together, {{firstName}}', '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>How a surprise date comes together</title></head>
<body style="margin:0;background:#f6f1ec;font-family:Helvetica,Arial,sans-serif;color:#241827">
<span style="display:none">Hello {{firstName}},</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px" cellpadding="0" cellspacing="0">
<tr><td style="background:#3b1740;color:#f3d27a;padding:20px 28px;border-radius:12px 12px 0 0;font-size:22px;font-family:Georgia,serif">Unveil</td></tr>
<tr><td style="background:#fff;padding:28px;border-radius:0 0 12px 12px">
<h1 style="margin:0 0 16px;font-size:22px;font-family:Georgia,serif">How a surprise date comes together</h1><p style="margin:0 0 16px;line-height:1.6">Hello {{firstName}},</p><p style="margin:0 0 16px;line-height:1.6">Here is what happens next. You tell us what you both enjoy, we choose the place and plan the evening, and you keep the day free.</p><p style="margin:0 0 16px;line-height:1.6">The day and time arrive as soon as the date is booked. Where you are going and what to wear stay secret until 48 hours before.</p><p style="margin:24px 0"><a href="{{dashboardUrl}}" style="background:#3b1740;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">Open your dashboard</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5a6e">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">{{dashboardUrl}}</span></p><p style="margin:16px 0 0;font-size:13px;color:#6b5a6e">You receive this because you have an Unveil account. Turn these e-mails off in your settings: {{settingsUrl}}</p>
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;color:#6b5a6e;text-align:center">Unveil · Surprise dates in London · <a href="mailto:hello@unveil.date" style="color:#6b5a6e">hello@unveil.date</a></td></tr>
</table></td></tr></table></body></html>', 'How a surprise date comes together

Hello {{firstName}},

Here is what happens next. You tell us what you both enjoy, we choose the place and plan the evening, and you keep the day free.

The day and time arrive as soon as the date is booked. Where you are going and what to wear stay secret until 48 hours before.

Open your dashboard: {{dashboardUrl}}

You receive this because you have an Unveil account. Turn these e-mails off in your settings: {{settingsUrl}}

Unveil · hello@unveil.date', 'welcome_series', true) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "email_templates" ("name", "subject", "html_content", "text_content", "template_type", "is_active") VALUES ('Welcome series: making the most of it', 'Three ways to make your dates even better', '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Making the most of your dates</title></head>
<body style="margin:0;background:#f6f1ec;font-family:Helvetica,Arial,sans-serif;color:#241827">
<span style="display:none">Hello {{firstName}},</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px" cellpadding="0" cellspacing="0">
<tr><td style="background:#3b1740;color:#f3d27a;padding:20px 28px;border-radius:12px 12px 0 0;font-size:22px;font-family:Georgia,serif">Unveil</td></tr>
<tr><td style="background:#fff;padding:28px;border-radius:0 0 12px 12px">
<h1 style="margin:0 0 16px;font-size:22px;font-family:Georgia,serif">Making the most of your dates</h1><p style="margin:0 0 16px;line-height:1.6">Hello {{firstName}},</p><p style="margin:0 0 16px;line-height:1.6">Tell us about allergies, access needs and what you would rather avoid: we plan around them every time.</p><p style="margin:0 0 16px;line-height:1.6">Rate each date afterwards. Your ratings shape the next surprise.</p><p style="margin:0 0 16px;line-height:1.6">Need to move a date? One free reschedule a month with 48 hours&#39; notice, from the date&#39;s own page.</p><p style="margin:24px 0"><a href="{{onboardingUrl}}" style="background:#3b1740;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">Review your preferences</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5a6e">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">{{onboardingUrl}}</span></p><p style="margin:16px 0 0;font-size:13px;color:#6b5a6e">You receive this because you have an Unveil account. Turn these e-mails off in your settings: {{settingsUrl}}</p>
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;color:#6b5a6e;text-align:center">Unveil · Surprise dates in London · <a href="mailto:hello@unveil.date" style="color:#6b5a6e">hello@unveil.date</a></td></tr>
</table></td></tr></table></body></html>', 'Making the most of your dates

Hello {{firstName}},

Tell us about allergies, access needs and what you would rather avoid: we plan around them every time.

Rate each date afterwards. Your ratings shape the next surprise.

Need to move a date? One free reschedule a month with 48 hours'' notice, from the date''s own page.

Review your preferences: {{onboardingUrl}}

You receive this because you have an Unveil account. Turn these e-mails off in your settings: {{settingsUrl}}

Unveil · hello@unveil.date', 'welcome_series', true) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "email_templates" ("name", "subject", "html_content", "text_content", "template_type", "is_active") VALUES ('Onboarding nudge', 'Your first date is waiting on a few answers', '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>A few answers away from your first date</title></head>
<body style="margin:0;background:#f6f1ec;font-family:Helvetica,Arial,sans-serif;color:#241827">
<span style="display:none">Hello {{firstName}},</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px" cellpadding="0" cellspacing="0">
<tr><td style="background:#3b1740;color:#f3d27a;padding:20px 28px;border-radius:12px 12px 0 0;font-size:22px;font-family:Georgia,serif">Unveil</td></tr>
<tr><td style="background:#fff;padding:28px;border-radius:0 0 12px 12px">
<h1 style="margin:0 0 16px;font-size:22px;font-family:Georgia,serif">A few answers away from your first date</h1><p style="margin:0 0 16px;line-height:1.6">Hello {{firstName}},</p><p style="margin:0 0 16px;line-height:1.6">You started the Unveil questionnaire but have not finished it yet. It only takes a few minutes, and it is how we know what you both enjoy.</p><p style="margin:0 0 16px;line-height:1.6">Pick up where you left off: your answers so far are saved.</p><p style="margin:24px 0"><a href="{{onboardingUrl}}" style="background:#3b1740;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">Finish the questionnaire</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5a6e">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">{{onboardingUrl}}</span></p><p style="margin:16px 0 0;font-size:13px;color:#6b5a6e">You receive this because you have an Unveil account. Turn these e-mails off in your settings: {{settingsUrl}}</p>
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;color:#6b5a6e;text-align:center">Unveil · Surprise dates in London · <a href="mailto:hello@unveil.date" style="color:#6b5a6e">hello@unveil.date</a></td></tr>
</table></td></tr></table></body></html>', 'A few answers away from your first date

Hello {{firstName}},

You started the Unveil questionnaire but have not finished it yet. It only takes a few minutes, and it is how we know what you both enjoy.

Pick up where you left off: your answers so far are saved.

Finish the questionnaire: {{onboardingUrl}}

You receive this because you have an Unveil account. Turn these e-mails off in your settings: {{settingsUrl}}

Unveil · hello@unveil.date', 'onboarding_reminder', true) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "email_templates" ("name", "subject", "html_content", "text_content", "template_type", "is_active") VALUES ('Come back after cancelling', 'We kept your preferences, {{firstName}}', '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Your next evening is still a surprise away</title></head>
<body style="margin:0;background:#f6f1ec;font-family:Helvetica,Arial,sans-serif;color:#241827">
<span style="display:none">Hello {{firstName}},</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px" cellpadding="0" cellspacing="0">
<tr><td style="background:#3b1740;color:#f3d27a;padding:20px 28px;border-radius:12px 12px 0 0;font-size:22px;font-family:Georgia,serif">Unveil</td></tr>
<tr><td style="background:#fff;padding:28px;border-radius:0 0 12px 12px">
<h1 style="margin:0 0 16px;font-size:22px;font-family:Georgia,serif">Your next evening is still a surprise away</h1><p style="margin:0 0 16px;line-height:1.6">Hello {{firstName}},</p><p style="margin:0 0 16px;line-height:1.6">It has been a week since you cancelled. We hope the evenings you spent with us were good ones.</p><p style="margin:0 0 16px;line-height:1.6">If you miss the surprise, your preferences are still saved. Choose a plan and we will start planning your next date straight away.</p><p style="margin:24px 0"><a href="{{plansUrl}}" style="background:#3b1740;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">See the plans</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5a6e">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">{{plansUrl}}</span></p><p style="margin:16px 0 0;font-size:13px;color:#6b5a6e">You receive this because you have an Unveil account. Turn these e-mails off in your settings: {{settingsUrl}}</p>
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;color:#6b5a6e;text-align:center">Unveil · Surprise dates in London · <a href="mailto:hello@unveil.date" style="color:#6b5a6e">hello@unveil.date</a></td></tr>
</table></td></tr></table></body></html>', 'Your next evening is still a surprise away

Hello {{firstName}},

It has been a week since you cancelled. We hope the evenings you spent with us were good ones.

If you miss the surprise, your preferences are still saved. Choose a plan and we will start planning your next date straight away.

See the plans: {{plansUrl}}

You receive this because you have an Unveil account. Turn these e-mails off in your settings: {{settingsUrl}}

Unveil · hello@unveil.date', 'win_back', true) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "email_campaigns" ("name", "description", "template_id", "trigger_type", "delay_hours", "is_active") SELECT 'Welcome series, day 1', 'How a surprise date works, a day after sign-up.', t."id", 'signup', 24, true FROM "email_templates" t WHERE t."name" = 'Welcome series: how it works' AND NOT EXISTS (SELECT 1 FROM "email_campaigns" c WHERE c."name" = 'Welcome series, day 1');
--> statement-breakpoint
INSERT INTO "email_campaigns" ("name", "description", "template_id", "trigger_type", "delay_hours", "is_active") SELECT 'Welcome series, day 3', 'Tips for better dates, three days after sign-up.', t."id", 'signup', 72, true FROM "email_templates" t WHERE t."name" = 'Welcome series: making the most of it' AND NOT EXISTS (SELECT 1 FROM "email_campaigns" c WHERE c."name" = 'Welcome series, day 3');
--> statement-breakpoint
INSERT INTO "email_campaigns" ("name", "description", "template_id", "trigger_type", "delay_hours", "is_active") SELECT 'Finish your questionnaire', 'A nudge two days after sign-up while the questionnaire is unfinished.', t."id", 'onboarding_incomplete', 48, true FROM "email_templates" t WHERE t."name" = 'Onboarding nudge' AND NOT EXISTS (SELECT 1 FROM "email_campaigns" c WHERE c."name" = 'Finish your questionnaire');
--> statement-breakpoint
INSERT INTO "email_campaigns" ("name", "description", "template_id", "trigger_type", "delay_hours", "is_active") SELECT 'Come back', 'A note a week after a membership is cancelled.', t."id", 'cancelled', 168, true FROM "email_templates" t WHERE t."name" = 'Come back after cancelling' AND NOT EXISTS (SELECT 1 FROM "email_campaigns" c WHERE c."name" = 'Come back');
