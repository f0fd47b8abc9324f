import { Link } from 'react-router'
import { LEGAL_PATHS, type LegalDocument } from '#app/features/legal/legal-document.ts'
import type { SiteConfig } from '#common/site.ts'

export const TERMS_TITLE = 'Terms of Use'
export const TERMS_DESCRIPTION =
  'The terms that govern how businesses, competition owners and their teams use the rewarded video platform, its competitions and its campaign pages.'

/** The Terms of Use: 13 numbered sections in the order of docs/product.md §2. */
export function termsOfUse(site: SiteConfig): LegalDocument {
  const { brandName: brand, legalName: company, contactEmail: email } = site
  const mail = <a href={`mailto:${email}`}>{email}</a>
  const privacy = <Link to={LEGAL_PATHS.privacy}>Privacy Policy</Link>

  return {
    title: TERMS_TITLE,
    lead: (
      <>
        These terms explain the agreement between you and {company} when your business uses {brand} to run rewarded
        video campaigns, competitions and giveaways. Please read them carefully: they cover billing, what you may
        publish, and what happens when something goes wrong.
      </>
    ),
    sections: [
      {
        id: 'overview',
        title: 'Overview',
        summary: `These terms are a binding contract between your business and ${company}; using ${brand} means you accept them.`,
        body: (
          <>
            <p>
              These Terms of Use (the <strong>"Terms"</strong>) form a legally binding agreement between {company} (
              <strong>"{brand}"</strong>, <strong>"we"</strong>, <strong>"us"</strong> or <strong>"our"</strong>), a
              private limited company registered in the United Kingdom, and the business or person that opens an account
              with us (the <strong>"Customer"</strong> or <strong>"you"</strong>). They govern your access to and use of
              the {brand} website, the web application, hosted campaign and competition pages, embeddable players,
              reward tools, APIs and any related services we provide (together, the <strong>"Services"</strong>).
            </p>
            <p>
              By creating an account, starting a subscription, inviting a team member or launching a campaign, you
              confirm that you have read, understood and accepted these Terms. If you accept them on behalf of a company
              or other organisation, you confirm that you have authority to bind that organisation, and "you" refers to
              it. If you do not agree with these Terms, you must not use the Services.
            </p>
            <h3>Key terms</h3>
            <p>In these Terms, the following words have the meanings given below:</p>
            <dl>
              <dt>Customer</dt>
              <dd>
                The business or individual that holds a {brand} account and pays for a Subscription Plan. A Customer
                that runs Competitions is also a Competition Owner.
              </dd>
              <dt>Competition Owner</dt>
              <dd>
                A Customer that creates, configures and publishes a Competition, and that is responsible for its rules,
                its prizes and their delivery.
              </dd>
              <dt>Campaign User</dt>
              <dd>
                A viewer who watches a video quest, enters a Competition or claims a reward through a campaign page.
                Campaign Users do not hold a Subscription Plan and are not parties to these Terms.
              </dd>
              <dt>Competition</dt>
              <dd>
                Any contest, giveaway, prize draw, instant-win, reward or loyalty campaign run through the Services,
                including live giveaways that are open to Entries at a given moment.
              </dd>
              <dt>Entries</dt>
              <dd>
                The actions a Campaign User completes to take part in a Competition, such as watching a video, answering
                a question or submitting contact details.
              </dd>
              <dt>Winners</dt>
              <dd>Campaign Users who are selected to receive a prize or reward under a Competition's rules.</dd>
              <dt>Subscription Plan</dt>
              <dd>
                The paid plan you choose, with its features, usage limits, price and billing period, as shown when you
                subscribe or in your account settings.
              </dd>
              <dt>Additional User</dt>
              <dd>
                A person the Customer invites into its account, with the access type the Customer selects for them.
              </dd>
            </dl>
            <p>
              Our {privacy} explains how we handle personal data and forms part of these Terms. Where a specific feature
              has its own additional terms, those terms also apply to your use of that feature.
            </p>
          </>
        ),
      },
      {
        id: 'fees-and-billing',
        title: 'Fees and Billing',
        summary:
          'Plans are paid in advance and renew automatically on their anniversary date unless you change them first; we do not refund partial months.',
        body: (
          <>
            <p>
              Access to the Services requires a paid Subscription Plan, unless we have expressly offered you a free
              trial or a free tier. The fees, the billing period (monthly or annual) and the features included are those
              shown at the time you subscribe or upgrade. Fees are payable in advance at the start of each billing
              period, by the payment method you register with us. Fees are stated exclusive of VAT and other applicable
              taxes, which will be added to your invoice where required by law.
            </p>
            <h3>Automatic renewal</h3>
            <p>
              Every Subscription Plan renews automatically at the end of each billing period, on its anniversary date
              (the day of the month, or of the year for annual plans, on which the subscription started), for a further
              period of the same length. We will charge the payment method on file for the renewal unless you cancel,
              downgrade or otherwise manage your plan in your account settings before the anniversary date. Changes made
              after a renewal has been charged take effect from the next anniversary date.
            </p>
            <h3>No refunds or credits</h3>
            <p>
              All fees are non-refundable except where the law requires otherwise. We do not provide refunds or credits
              for partial-month membership periods, for unused features or capacity, for periods in which the account
              was not used, or for downgrades made part way through a billing period. If you cancel, your plan remains
              active until the end of the period you have already paid for and then ends.
            </p>
            <h3>Price changes</h3>
            <p>
              We may change our prices or the contents of a Subscription Plan. We will give you advance notice by e-mail
              before a price change applies to your account, and the new price will take effect from your next
              anniversary date. If you do not accept the change, you may cancel before that date.
            </p>
            <h3>Late or failed payment</h3>
            <p>
              If a payment fails, we will let you know and may retry the charge. If fees remain unpaid, we may restrict
              features, pause your live Competitions and suspend the account until the balance is settled. Persistent
              non-payment may lead to the account being terminated as described in section 9. Suspension does not cancel
              fees that are already due.
            </p>
            <h3>Prize costs</h3>
            <p>
              Our fees cover the use of the Services only. Competition Owners are solely responsible for the cost,
              supply and delivery of every prize and reward they offer, including any shipping, taxes or duties.
            </p>
          </>
        ),
      },
      {
        id: 'beta-versions',
        title: 'Beta Versions',
        summary: 'Early-access features may change, break or disappear; use them at your own risk.',
        body: (
          <>
            <p>
              From time to time we may invite you to try features, reward types, integrations or formats that are
              labelled as beta, preview, early access, experimental or similar (<strong>"Beta Versions"</strong>). Beta
              Versions are offered so that we can test and improve them with real campaigns before a general release.
            </p>
            <p>When you use a Beta Version, you accept that:</p>
            <ul>
              <li>
                it is provided "as is", may contain errors, and may be less reliable or secure than the rest of the
                Services;
              </li>
              <li>
                we may change it, limit its use, charge for it in future or withdraw it at any time, with or without
                notice, and it may never become generally available;
              </li>
              <li>
                it is excluded from any service levels or response times we publish, although we will try to help with
                problems you report;
              </li>
              <li>
                you should not rely on it for Competitions where an interruption would cause loss to you or to Campaign
                Users; and
              </li>
              <li>
                information about unreleased features is our confidential information until we announce them publicly.
              </li>
            </ul>
            <p>
              We welcome your feedback on Beta Versions. Any suggestions you give us may be used to improve the Services
              without any obligation or payment to you.
            </p>
          </>
        ),
      },
      {
        id: 'ownership-of-the-services',
        title: 'Ownership of the Services',
        summary: `${brand} and its software belong to us; your videos, brand assets and competition content remain yours.`,
        body: (
          <>
            <p>
              The Services, including the software, the hosted pages and players, templates, designs, reward mechanics,
              documentation, logos and the {brand} name, are owned by {company} or its licensors and are protected by
              copyright, trade mark and other intellectual property laws. Apart from the limited right set out below,
              nothing in these Terms transfers any of those rights to you.
            </p>
            <p>
              Subject to these Terms and to payment of the fees, we grant you a limited, non-exclusive,
              non-transferable, non-sublicensable and revocable right, for the duration of your Subscription Plan, to
              access and use the Services for your own internal business purposes and to run Competitions with them.
            </p>
            <h3>Your content</h3>
            <p>
              You keep all rights in the videos, images, brand assets, copy, prize descriptions and other material you
              upload (your <strong>"Account Content"</strong>). You grant us a worldwide, royalty-free licence to host,
              copy, adapt (for example by resizing or transcoding), display and transmit your Account Content for as
              long as needed to provide the Services, to show your campaigns to Campaign Users and to keep required
              records.
            </p>
            <h3>Restrictions</h3>
            <p>You must not, and must not allow anyone else to:</p>
            <ul>
              <li>copy, modify, translate or create derivative works of any part of the Services;</li>
              <li>
                reverse engineer, decompile, disassemble or otherwise try to obtain the source code of the Services,
                except to the extent that the law expressly permits this;
              </li>
              <li>
                sell, rent, lease, sublicense or otherwise make the Services available to a third party as a service;
              </li>
              <li>remove or obscure any proprietary notice, label or branding we display;</li>
              <li>use the Services to build or benchmark a competing product; or</li>
              <li>work around usage limits, access controls or other technical restrictions.</li>
            </ul>
          </>
        ),
      },
      {
        id: 'technical-support',
        title: 'Technical Support',
        summary: 'We provide support by e-mail, Monday to Friday, 9 AM to 6 PM CET.',
        body: (
          <>
            <p>
              Technical support is included with every Subscription Plan and is provided by e-mail at {mail}. Our
              support team is available Monday to Friday, 9 AM to 6 PM CET, excluding public holidays. Messages received
              outside those hours are handled on the next working day.
            </p>
            <p>To help us resolve a problem quickly, please include in your request:</p>
            <ul>
              <li>the e-mail address of your account and the name of the campaign or Competition concerned;</li>
              <li>a description of the problem, what you expected to happen and the steps that lead to it; and</li>
              <li>any screenshots, links or error messages that show the problem.</li>
            </ul>
            <p>
              We prioritise requests by their impact, and we treat problems that affect a live Competition ahead of
              general questions. We may ask for your permission to view your account so that we can investigate an
              issue; we will only access what is needed for that purpose.
            </p>
            <p>
              Support covers the operation of the Services. It does not include building campaigns on your behalf,
              custom development, creative production, or fixing problems caused by third-party applications, devices or
              networks outside our control, although we will point you in the right direction where we can.
            </p>
          </>
        ),
      },
      {
        id: 'registration',
        title: 'Registration',
        summary:
          'Give accurate details, keep your login safe, and remember that you are responsible for your Additional Users.',
        body: (
          <>
            <p>
              To use the Services you must register an account. You must be at least 18 years old, able to enter into a
              binding contract, and registering for business purposes. The Services are not intended for consumers
              acting outside their trade or profession.
            </p>
            <p>
              You agree to provide accurate, current and complete information when you register, including your business
              name and billing details, and to keep it up to date. We may refuse a registration, or ask for further
              information to verify your identity or your business, at our discretion.
            </p>
            <h3>Account security</h3>
            <p>
              You are responsible for keeping your login credentials confidential and for all activity that takes place
              under your account. Each login is for one named person and must not be shared. Tell us without delay at{' '}
              {mail} if you suspect that your account has been accessed without permission.
            </p>
            <h3>Additional Users and access types</h3>
            <p>
              Depending on your Subscription Plan, you may invite Additional Users to your account, such as colleagues,
              agencies or freelancers who work on your campaigns. For each Additional User you choose an access type,
              for example full administrator, campaign editor or read-only reporting, and you may change or revoke that
              access at any time in your account settings.
            </p>
            <p>
              The Customer remains responsible for the acts and omissions of its Additional Users, for making sure they
              comply with these Terms, and for removing access when someone leaves its organisation.
            </p>
          </>
        ),
      },
      {
        id: 'account-content-and-use',
        title: 'Account Content and Use',
        summary: 'Run honest competitions with real prizes; breaking the rules of conduct can lead to a permanent ban.',
        body: (
          <>
            <p>
              You are solely responsible for your Account Content and for every Competition you run with the Services,
              including its compliance with the laws that apply to it, such as consumer protection, advertising codes,
              prize promotion and gambling rules, and data protection law. We do not review Competitions before they are
              published and we are not the promoter of any Competition.
            </p>
            <h3>Responsibilities of Competition Owners</h3>
            <p>As a Competition Owner you must:</p>
            <ul>
              <li>
                publish clear rules for each Competition, stating who may enter, how Entries are made, the closing date,
                how and when Winners are chosen and exactly what the prize is;
              </li>
              <li>select Winners fairly and in line with the published rules;</li>
              <li>deliver every prize and reward promptly and as described; and</li>
              <li>answer questions and complaints from Campaign Users about your Competitions.</li>
            </ul>
            <h3>Rules of conduct</h3>
            <p>You must not, and must not allow any Additional User or other person to:</p>
            <ul>
              <li>run a Competition without a real prize that is actually awarded to its Winners;</li>
              <li>
                run a Competition whose only way of entering is to refer other people, or that is funded by donations or
                payments collected from Campaign Users;
              </li>
              <li>
                run fake giveaways, including Competitions with pre-selected Winners, prizes that do not exist or
                results that are not honoured;
              </li>
              <li>
                create or use multiple or false contestant accounts, or enter your own Competitions to influence the
                result;
              </li>
              <li>submit automated Entries using bots, scripts or similar tools, or encourage anyone else to do so;</li>
              <li>
                extend a Competition's end date again and again, or indefinitely, without the agreement of the Campaign
                Users who have entered it;
              </li>
              <li>
                use prize images, logos, music or videos that you do not own or have no permission to use under
                copyright;
              </li>
              <li>run campaigns for, or on behalf of, a person or business whose account we have banned;</li>
              <li>
                reverse engineer the Services, scrape them, or try to reach their source code or any system that is not
                public;
              </li>
              <li>
                publish content that is unlawful, misleading, defamatory, hateful, sexually explicit or infringing, or
                that targets children in breach of the law;
              </li>
              <li>
                use data collected from Campaign Users for a purpose they have not agreed to, or send them spam; or
              </li>
              <li>
                do anything similar that deceives Campaign Users, harms other Customers or damages the integrity of the
                Services.
              </li>
            </ul>
            <h3>Investigations and enforcement</h3>
            <p>
              If we receive a complaint or detect activity that suggests a breach of these Terms, we may investigate.
              While we investigate, live giveaways may be interrupted or paused, Entries may be frozen and the selection
              of Winners may be delayed. We will tell you about the investigation unless the law, or the need to protect
              the investigation, prevents us.
            </p>
            <p>
              If we find a breach, we may remove the content concerned, end the Competition, suspend the account or take
              the other steps described in section 9. A serious or repeated breach of the rules of conduct may lead to a
              permanent ban from the Services, which applies to the Customer, its Additional Users and any business that
              we reasonably believe is acting for them.
            </p>
            <h3>Campaign User data</h3>
            <p>
              The Competition Owner decides why and how personal data of its Campaign Users is collected and is the
              controller of that data. You must give Campaign Users a clear privacy notice, have a lawful basis for each
              use of their data and honour their rights. We process that data on your behalf, as described in our{' '}
              {privacy} and our data processing agreement.
            </p>
          </>
        ),
      },
      {
        id: 'third-party-applications',
        title: 'Third-Party Applications',
        summary: 'Integrations you connect are run by other companies under their own terms.',
        body: (
          <>
            <p>
              The Services can work with applications and platforms provided by other companies, such as CRM systems,
              e-mail marketing tools, social networks, game platforms and digital wallets (
              <strong>"Third-Party Applications"</strong>). Third-Party Applications are not part of the Services and we
              do not control them.
            </p>
            <ul>
              <li>
                Your use of a Third-Party Application is governed by the terms and privacy policy of its provider, and
                you are responsible for complying with them.
              </li>
              <li>
                When you connect a Third-Party Application, you authorise us to exchange data with it as needed for the
                integration to work, including personal data of Campaign Users that you ask us to send.
              </li>
              <li>
                A provider may change or discontinue its application or its interface at any time, and we cannot
                guarantee that an integration will remain available or work without interruption.
              </li>
              <li>
                We are not responsible for the content, availability, security or conduct of any Third-Party
                Application, or for any loss caused by it.
              </li>
            </ul>
            <p>
              If you promote a Competition on a social network or other platform, you must also follow that platform's
              rules for promotions. Unless we say otherwise, no Competition is sponsored, endorsed or administered by
              such a platform, and your Competition rules should say so.
            </p>
          </>
        ),
      },
      {
        id: 'right-to-shut-down-or-limit-access',
        title: 'Right to Shut Down or Limit Access',
        summary:
          'We may suspend or close accounts for non-payment or breach, and we keep records of suspensions for up to 10 years.',
        body: (
          <>
            <p>
              We may suspend, limit or terminate your access to all or part of the Services, including your Competitions
              and campaign pages, where:
            </p>
            <ul>
              <li>fees remain unpaid after they fall due (non-payment);</li>
              <li>you or your Additional Users breach these Terms, including the rules of conduct in section 7;</li>
              <li>we are required to do so by law, by a court or by a competent authority;</li>
              <li>
                your use of the Services creates a security risk, or could harm us, Campaign Users, other Customers or
                third parties; or
              </li>
              <li>we need to carry out urgent maintenance or protect the integrity of the Services.</li>
            </ul>
            <p>
              Where reasonably possible we will give you notice and a chance to put things right first, but we may act
              immediately in serious cases. Live giveaways may be interrupted during an investigation, as described in
              section 7.
            </p>
            <h3>Records of suspensions</h3>
            <p>
              We keep records of suspended, terminated and banned accounts, with the reasons for our decision, for up to
              10 years. We use these records to enforce bans, to prevent fraud against Campaign Users and to establish
              or defend legal claims.
            </p>
            <h3>Cancelling your account</h3>
            <p>
              You may cancel your Subscription Plan at any time in your account settings. Cancellation takes effect at
              the end of the billing period you have paid for, as described in section 2.
            </p>
            <h3>Effect of termination</h3>
            <p>
              When your account ends, your right to use the Services ends and your campaign pages stop accepting
              Entries. You remain responsible for delivering any prize already won and for fees already due. We will
              delete or anonymise your Account Content after account closure, as described in our {privacy}. We may also
              discontinue the Services, or any part of them, by giving you reasonable notice.
            </p>
          </>
        ),
      },
      {
        id: 'no-warranty',
        title: 'No Warranty',
        summary: 'The Services are provided as they are; we do not promise particular campaign results.',
        body: (
          <>
            <p>
              The Services are provided on an "as is" and "as available" basis. To the fullest extent permitted by law,
              we exclude all warranties, conditions and other terms, whether express or implied by statute, common law
              or otherwise, including any implied terms as to satisfactory quality, fitness for a particular purpose and
              non-infringement.
            </p>
            <p>In particular, we do not warrant that:</p>
            <ul>
              <li>
                the Services will be uninterrupted, timely, secure or free of errors, or that every defect will be
                corrected;
              </li>
              <li>
                your campaigns will achieve any particular number of views, completions, Entries, leads, sales or other
                results; figures in our marketing and case studies are examples and not a promise; or
              </li>
              <li>
                Campaign Users will provide accurate information, behave lawfully or follow the rules of your
                Competitions.
              </li>
            </ul>
            <p>
              We are not responsible for the outcome of any Competition, the choice of Winners or the delivery of
              prizes, which remain the responsibility of the Competition Owner. Nothing in these Terms affects any
              statutory right that cannot be excluded or limited by contract.
            </p>
          </>
        ),
      },
      {
        id: 'confidentiality-and-privacy',
        title: 'Confidentiality and Privacy',
        summary:
          "Each side protects the other's confidential information, and personal data is handled as our Privacy Policy describes.",
        body: (
          <>
            <p>
              <strong>"Confidential Information"</strong> means any information disclosed by one party to the other that
              is marked as confidential or that a reasonable person would understand to be confidential, including
              business plans, pricing, unreleased features, campaign strategies and Campaign User data.
            </p>
            <p>Each party that receives Confidential Information agrees to:</p>
            <ul>
              <li>use it only to perform its obligations or exercise its rights under these Terms;</li>
              <li>
                protect it with at least the same care it uses for its own confidential information, and never less than
                reasonable care; and
              </li>
              <li>
                disclose it only to employees, contractors and professional advisers who need to know it and who are
                bound by duties of confidentiality at least as strict as these.
              </li>
            </ul>
            <p>
              These obligations do not apply to information that is or becomes public through no fault of the recipient,
              that the recipient already knew lawfully, that it develops independently, or that it receives from a third
              party without a duty of confidence. A party may disclose Confidential Information where required by law,
              after giving the other party notice where the law allows.
            </p>
            <h3>Privacy</h3>
            <p>
              Our {privacy} describes how we collect and use the personal data of Customers and Additional Users, and
              the cookies we use. Where we process personal data of Campaign Users on behalf of a Competition Owner, we
              act as its processor under our data processing agreement, and we use that data only on its instructions.
            </p>
          </>
        ),
      },
      {
        id: 'miscellaneous',
        title: 'Miscellaneous',
        summary:
          'General legal terms, including how we update these Terms and that the law of the United Kingdom applies.',
        body: (
          <>
            <h3>Changes to these Terms</h3>
            <p>
              We may update these Terms from time to time, for example to reflect new features or changes in the law.
              The date at the top of this page shows when they were last changed. We will tell you about material
              changes by e-mail or in the application before they take effect. If you continue to use the Services after
              that date, you accept the updated Terms; if you do not accept them, you may cancel your plan.
            </p>
            <h3>Entire agreement</h3>
            <p>
              These Terms, together with the documents they refer to, are the entire agreement between you and us about
              the Services and replace any earlier understanding. Purchase orders or other terms you send us do not
              apply.
            </p>
            <h3>Assignment</h3>
            <p>
              You may not transfer your rights or obligations under these Terms without our written consent. We may
              transfer ours to a group company or to a buyer of all or part of our business.
            </p>
            <h3>General</h3>
            <ul>
              <li>If any provision of these Terms is found to be invalid, the rest of the Terms remain in force.</li>
              <li>A delay or failure to enforce a right is not a waiver of that right.</li>
              <li>
                Neither party is liable for a delay or failure caused by events beyond its reasonable control, such as
                natural disasters, network failures or acts of government.
              </li>
              <li>
                Nothing in these Terms creates a partnership, agency or employment relationship, and no one other than
                you and us has any right to enforce them.
              </li>
              <li>We may send notices to the e-mail address of your account. You may send notices to us at {mail}.</li>
            </ul>
            <h3>Governing law and jurisdiction</h3>
            <p>
              These Terms, and any dispute or claim arising out of or in connection with them or with the Services,
              including non-contractual disputes, are governed by the laws of the United Kingdom. The courts of the
              United Kingdom have exclusive jurisdiction to settle any such dispute.
            </p>
          </>
        ),
      },
      {
        id: 'liabilities-and-indemnities',
        title: 'Liabilities and Indemnities',
        summary:
          'Our total liability is capped at the fees you have paid us, and you cover claims that arise from your competitions.',
        body: (
          <>
            <h3>What we do not limit</h3>
            <p>
              Nothing in these Terms limits or excludes liability for death or personal injury caused by negligence, for
              fraud or fraudulent misrepresentation, or for any other liability that cannot be limited or excluded by
              law.
            </p>
            <h3>Excluded losses</h3>
            <p>
              Subject to the paragraph above, we are not liable to you, whether in contract, tort (including
              negligence), breach of statutory duty or otherwise, for any loss of profit, revenue, sales, business,
              goodwill or anticipated savings, for loss or corruption of data, or for any indirect or consequential
              loss.
            </p>
            <h3>Cap on liability</h3>
            <p>
              Subject to the paragraphs above, our total liability to you for all claims arising out of or in connection
              with these Terms and the Services, whether in contract, tort (including negligence), breach of statutory
              duty or otherwise, is limited to the total fees you have paid to us for the Services.
            </p>
            <h3>Your indemnity</h3>
            <p>
              You agree to indemnify and hold harmless {company}, its officers, employees and contractors against all
              claims, losses, damages, fines, costs and expenses (including reasonable legal fees) arising out of or in
              connection with:
            </p>
            <ul>
              <li>your Competitions, including their rules, the selection of Winners and the delivery of prizes;</li>
              <li>your Account Content, including any claim that it infringes another person's rights;</li>
              <li>
                your breach, or your Additional Users' breach, of these Terms or of any law, including data protection
                and consumer protection law; and
              </li>
              <li>any claim brought by a Campaign User in connection with a Competition you ran.</li>
            </ul>
            <p>
              We will tell you promptly about any claim covered by this indemnity, allow you to conduct its defence and
              give you reasonable help, at your cost. This section continues to apply after your account ends.
            </p>
          </>
        ),
      },
    ],
    closing: (
      <p>
        Questions about these Terms? Write to {company} at {mail}, Monday to Friday, 9 AM to 6 PM CET.
      </p>
    ),
  }
}
