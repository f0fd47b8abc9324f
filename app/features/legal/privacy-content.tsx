import { Link } from 'react-router'
import { LEGAL_PATHS, type LegalDocument } from '#app/features/legal/legal-document.ts'
import type { SiteConfig } from '#common/site.ts'

export const PRIVACY_TITLE = 'Privacy Policy'
export const PRIVACY_SUBTITLE = 'For application customers'
export const PRIVACY_DESCRIPTION =
  'How the rewarded video platform collects, uses, shares, protects and retains the personal data of its application customers, and the rights you have over it.'

/** The Privacy Policy for application customers: the 16 sections of docs/product.md §2, in order. */
export function privacyPolicy(site: SiteConfig): LegalDocument {
  const { brandName: brand, legalName: company, contactEmail: email } = site
  const mail = <a href={`mailto:${email}`}>{email}</a>
  const terms = <Link to={LEGAL_PATHS.terms}>Terms of Use</Link>

  return {
    title: PRIVACY_TITLE,
    subtitle: PRIVACY_SUBTITLE,
    lead: (
      <>
        This policy explains what personal data {company} collects when your business uses the {brand} application, why
        we collect it, who we share it with and the choices you have. We have written it to be read, not skimmed past.
      </>
    ),
    sections: [
      {
        id: 'introduction',
        title: 'Introduction',
        summary: `${company} is the controller of the personal data described in this policy.`,
        body: (
          <>
            <p>
              {company} (<strong>"{brand}"</strong>, <strong>"we"</strong>, <strong>"us"</strong> or{' '}
              <strong>"our"</strong>) is a private limited company registered in the United Kingdom. We provide a
              rewarded video platform that lets businesses run video campaigns, competitions and reward schemes.
            </p>
            <p>
              This Privacy Policy applies to our application customers: the businesses that hold a {brand} account (
              <strong>"Customers"</strong>), the people they invite to work in their account (
              <strong>"Additional Users"</strong>), and people who contact us about our services. For this personal
              data, {company} is the controller, which means we decide how and why it is processed and we are
              responsible for protecting it under the UK General Data Protection Regulation, the Data Protection Act
              2018 and, where it applies, the EU General Data Protection Regulation.
            </p>
            <p>
              This policy does not cover the personal data of Campaign Users, the viewers who watch a campaign or enter
              a Competition. That data is collected by the Competition Owner running the campaign, who is its
              controller; we process it only on the Competition Owner's instructions, as described in section 9. If you
              entered a Competition, please read the privacy notice of the business that ran it.
            </p>
            <p>This policy should be read together with our {terms}.</p>
          </>
        ),
      },
      {
        id: 'information-collected',
        title: 'Information Collected',
        summary:
          'We collect account, billing, usage and support information, and the application sets cookies that expire after 12 months.',
        body: (
          <>
            <p>We collect the following categories of personal data:</p>
            <ul>
              <li>
                <strong>Account information:</strong> your name, business e-mail address, company name, job title,
                password (stored only as a secure hash) and the access type of each Additional User.
              </li>
              <li>
                <strong>Billing information:</strong> billing contact, billing address, VAT number and your payment
                history. Card details are collected and stored by our payment processor; we only see the card type, the
                last four digits and the expiry date.
              </li>
              <li>
                <strong>Usage information:</strong> how you use the application, such as the pages and features you
                open, the campaigns you create and the actions you take, together with technical data such as your IP
                address, browser type, device, operating system and the date and time of each request.
              </li>
              <li>
                <strong>Content you provide:</strong> the videos, images, prize descriptions and competition rules you
                upload, to the extent they contain personal data.
              </li>
              <li>
                <strong>Communications:</strong> messages you send to our support team or through our contact form, and
                your replies to our surveys.
              </li>
            </ul>
            <h3>Cookies</h3>
            <p>
              The application uses cookies and similar technologies to keep you signed in, to remember your preferences,
              to protect your account against misuse and to understand how the application is used. Cookies set by the
              application expire after 12 months, and some, such as the session cookie that keeps you signed in, are
              removed sooner. You can delete cookies or block them in your browser settings, but parts of the
              application will not work without the cookies that are strictly necessary.
            </p>
          </>
        ),
      },
      {
        id: 'use-of-information',
        title: 'Use of Information',
        summary: 'We use your data to run the service, bill for it, support you, keep it secure and improve it.',
        body: (
          <>
            <p>We use personal data for the following purposes, each with its legal basis:</p>
            <ul>
              <li>
                to create and manage your account, provide the application and its features, and let you manage
                Additional Users (performance of our contract with you);
              </li>
              <li>to process payments, issue invoices and keep accounting records (contract and legal obligation);</li>
              <li>to answer support requests and other messages (contract and our legitimate interests);</li>
              <li>
                to keep the application secure, detect fraud and abuse, and enforce our {terms} (our legitimate
                interests in protecting our service, our Customers and Campaign Users);
              </li>
              <li>
                to understand how the application is used so that we can fix problems and improve it (our legitimate
                interests);
              </li>
              <li>
                to send you service messages, such as security alerts, renewal reminders and changes to our terms
                (contract and legal obligation); and
              </li>
              <li>
                to send you news about our products, where you have agreed to receive it or where the law otherwise
                allows (consent or legitimate interests). You can unsubscribe from these messages at any time.
              </li>
            </ul>
            <p>
              We do not make decisions about you based solely on automated processing that have legal or similarly
              significant effects.
            </p>
          </>
        ),
      },
      {
        id: 'sharing-with-third-parties',
        title: 'Sharing with Third Parties',
        summary:
          'We never sell your personal data; we share it only where needed to run the service or when the law requires.',
        body: (
          <>
            <p>We do not sell or rent your personal data. We share it only with:</p>
            <ul>
              <li>our sub-processors, who help us provide the application (see section 5);</li>
              <li>
                the Third-Party Applications you choose to connect to your account, such as a CRM or e-mail marketing
                tool, to the extent needed for the integration to work;
              </li>
              <li>other members of your account, according to the access type you give each Additional User;</li>
              <li>
                our professional advisers, such as lawyers, accountants and auditors, under duties of confidentiality;
              </li>
              <li>public authorities, courts and regulators where the law requires it (see section 6);</li>
              <li>a buyer or successor of our business (see section 13); and</li>
              <li>anyone else, where you have asked us to or given your consent.</li>
            </ul>
            <p>
              Third-Party Applications are run by their own providers, who use your data under their own privacy
              policies. Please review them before connecting an integration.
            </p>
          </>
        ),
      },
      {
        id: 'sub-processors',
        title: 'Sub-processors',
        summary: 'Trusted service providers process data for us under written contracts that protect it.',
        body: (
          <>
            <p>
              We use carefully selected service providers (<strong>"sub-processors"</strong>) to run parts of the
              application. They process personal data only on our instructions and under written contracts that require
              them to protect it to the standard of this policy. Our sub-processors fall into these categories:
            </p>
            <ul>
              <li>
                <strong>Cloud hosting and storage:</strong> the data centres and infrastructure on which the
                application, its databases, backups and uploaded media run;
              </li>
              <li>
                <strong>E-mail delivery:</strong> sending account, security, billing and support e-mails;
              </li>
              <li>
                <strong>Payment processing:</strong> taking card payments and managing subscriptions;
              </li>
              <li>
                <strong>Analytics:</strong> measuring how the application and our website are used, with data minimised
                wherever possible;
              </li>
              <li>
                <strong>Customer support:</strong> handling and tracking support conversations; and
              </li>
              <li>
                <strong>Content delivery and security:</strong> delivering video and images quickly and protecting the
                application against attacks.
              </li>
            </ul>
            <p>
              You can ask us for the current list of sub-processors at {mail}. Customers who have signed our data
              processing agreement are told before we add or replace a sub-processor that handles Campaign User data,
              and can object to the change.
            </p>
          </>
        ),
      },
      {
        id: 'legal-disclosures',
        title: 'Legal Disclosures',
        summary:
          'We disclose data to authorities only when the law requires it, and we push back on requests that go too far.',
        body: (
          <>
            <p>We may disclose personal data where we believe in good faith that this is necessary to:</p>
            <ul>
              <li>comply with a law, regulation, court order or other legal process;</li>
              <li>
                respond to a lawful request from a public authority, including to meet national security or law
                enforcement requirements;
              </li>
              <li>enforce our {terms}, or investigate possible breaches of them;</li>
              <li>detect, prevent or address fraud, security or technical problems; or</li>
              <li>protect the rights, property or safety of {company}, our Customers, Campaign Users or the public.</li>
            </ul>
            <p>
              We review every request we receive, disclose only what is required, and challenge requests that we believe
              are unlawful or too broad. Unless the law prevents it, we will tell you before we disclose your data so
              that you can seek a remedy.
            </p>
          </>
        ),
      },
      {
        id: 'security',
        title: 'Security',
        summary:
          'We protect your data with encryption, access controls and monitoring, and tell you if something goes wrong.',
        body: (
          <>
            <p>
              We use technical and organisational measures appropriate to the risk to protect personal data against
              loss, misuse and unauthorised access, including:
            </p>
            <ul>
              <li>encryption of data in transit using TLS, and encryption of data at rest;</li>
              <li>passwords stored only as salted, slow hashes;</li>
              <li>access to personal data limited to staff who need it for their role, with access logged;</li>
              <li>regular backups, security updates and reviews of our systems; and</li>
              <li>confidentiality obligations for everyone who works with personal data on our behalf.</li>
            </ul>
            <p>
              No system is completely secure. You can help by choosing a strong, unique password, keeping your login
              private and removing Additional Users who no longer need access. If we become aware of a personal data
              breach that affects you, we will notify you and the relevant authority without undue delay, as the law
              requires.
            </p>
          </>
        ),
      },
      {
        id: 'eu-eea-residents',
        title: 'EU/EEA Residents',
        summary: 'If you are in the UK, the EU or the EEA, data protection law gives you rights over your data.',
        body: (
          <>
            <p>
              If you are located in the United Kingdom, the European Union or the European Economic Area, you have the
              following rights, subject to conditions set by law:
            </p>
            <ul>
              <li>
                <strong>Access:</strong> to receive a copy of the personal data we hold about you;
              </li>
              <li>
                <strong>Rectification:</strong> to have inaccurate or incomplete data corrected;
              </li>
              <li>
                <strong>Erasure:</strong> to have your data deleted where there is no good reason for us to keep it;
              </li>
              <li>
                <strong>Restriction:</strong> to ask us to pause the processing of your data in certain cases;
              </li>
              <li>
                <strong>Portability:</strong> to receive data you provided to us in a structured, machine-readable
                format, or to have it sent to another provider;
              </li>
              <li>
                <strong>Objection:</strong> to object to processing based on our legitimate interests, and to direct
                marketing at any time; and
              </li>
              <li>
                <strong>Withdrawal of consent:</strong> where we rely on consent, to withdraw it at any time, without
                affecting processing that has already taken place.
              </li>
            </ul>
            <p>
              To exercise a right, e-mail us at {mail}. We will respond within one month, and may ask you to confirm
              your identity first. You also have the right to complain to a supervisory authority: in the United
              Kingdom, the Information Commissioner's Office, or the data protection authority of the EU or EEA country
              where you live or work.
            </p>
            <h3>International transfers</h3>
            <p>
              Where personal data is transferred outside the United Kingdom or the EEA, we make sure it is protected,
              for example by relying on an adequacy decision or by using the standard contractual clauses or the UK
              international data transfer agreement approved by the relevant authorities.
            </p>
          </>
        ),
      },
      {
        id: 'data-processing-agreement',
        title: 'Data Processing Agreement',
        summary: "When we handle your Campaign Users' data for you, our data processing agreement governs it.",
        body: (
          <>
            <p>
              When a Competition Owner uses the application to collect personal data from Campaign Users, such as names,
              e-mail addresses, Entries and reward claims, the Competition Owner is the controller and {company} acts as
              its processor. Our data processing agreement (<strong>"DPA"</strong>) forms part of our {terms} and sets
              out the obligations of both parties, including that we:
            </p>
            <ul>
              <li>process Campaign User data only on the Competition Owner's documented instructions;</li>
              <li>ensure that everyone who processes it is bound by confidentiality;</li>
              <li>
                apply appropriate security measures and notify the Competition Owner of any breach without undue delay;
              </li>
              <li>use sub-processors only under equivalent written obligations, and give notice of changes;</li>
              <li>help the Competition Owner respond to requests from Campaign Users exercising their rights;</li>
              <li>delete or return the data when the service ends, unless the law requires us to keep it; and</li>
              <li>make available the information needed to demonstrate compliance, including for audits.</li>
            </ul>
            <p>To request a countersigned copy of the DPA for your records, contact us at {mail}.</p>
          </>
        ),
      },
      {
        id: 'retention',
        title: 'Retention',
        summary: 'We keep data only as long as we need it, then delete or anonymise it.',
        body: (
          <>
            <p>We keep personal data only for as long as we need it for the purposes described in this policy:</p>
            <ul>
              <li>
                <strong>Account information</strong> is kept while your account is open and deleted or anonymised after
                it is closed, unless we need to keep part of it for one of the reasons below;
              </li>
              <li>
                <strong>Billing records</strong> are kept for as long as tax and accounting law requires;
              </li>
              <li>
                <strong>Usage and security logs</strong> are kept for a limited period and then deleted or aggregated;
              </li>
              <li>
                <strong>Records of suspended, terminated or banned accounts</strong> are kept for up to 10 years, to
                enforce bans, prevent fraud and establish or defend legal claims;
              </li>
              <li>
                <strong>Support conversations</strong> are kept while they help us support your account; and
              </li>
              <li>
                <strong>Campaign User data</strong> is kept according to the Competition Owner's instructions and
                deleted or returned when the service ends, as set out in the DPA.
              </li>
            </ul>
            <p>
              Deleted data may remain in encrypted backups for a short time until those backups are overwritten in their
              normal cycle.
            </p>
          </>
        ),
      },
      {
        id: 'privacy-controls',
        title: 'Privacy Controls',
        summary: 'You can review, correct, export and delete your data, and control the messages you receive.',
        body: (
          <>
            <p>You are in control of much of your personal data directly in the application:</p>
            <ul>
              <li>update your name, e-mail address, company details and password in your account settings;</li>
              <li>invite and remove Additional Users, and change the access type of each one;</li>
              <li>export your campaign data and Entries collected through your Competitions;</li>
              <li>unsubscribe from marketing e-mails with the link included in each message;</li>
              <li>manage or delete cookies through your browser settings; and</li>
              <li>close your account, after which we delete or anonymise your data as described in section 10.</li>
            </ul>
            <p>For anything you cannot do yourself, e-mail us at {mail} and we will help.</p>
          </>
        ),
      },
      {
        id: 'data-protection-officer',
        title: 'Data Protection Officer',
        summary: 'Our data protection officer oversees how we handle personal data and can be reached by e-mail.',
        body: (
          <>
            <p>
              We have appointed a data protection officer who is responsible for overseeing our compliance with data
              protection law and with this policy, advising our team, and acting as the point of contact for individuals
              and supervisory authorities.
            </p>
            <p>
              You can contact our data protection officer at {mail}, with "For the attention of the Data Protection
              Officer" in the subject line.
            </p>
          </>
        ),
      },
      {
        id: 'business-transfers',
        title: 'Business Transfers',
        summary: 'If our business changes hands, your data stays protected by this policy.',
        body: (
          <>
            <p>
              If {company} is involved in a merger, acquisition, reorganisation, financing, sale of all or part of its
              assets, or insolvency, personal data may be transferred to the other parties involved, or reviewed by them
              in due diligence under confidentiality obligations.
            </p>
            <p>
              Any successor will be bound to handle your personal data in line with this policy. We will tell you before
              your data becomes subject to a different privacy policy, and explain the choices you have.
            </p>
          </>
        ),
      },
      {
        id: 'changes',
        title: 'Changes to This Policy',
        summary: 'We will tell you before material changes take effect.',
        body: (
          <>
            <p>
              We may update this policy to reflect changes in our services, our sub-processors or the law. The date at
              the top of this page shows when it was last updated.
            </p>
            <p>
              If we make a material change, we will tell you by e-mail or in the application before it takes effect.
              Earlier versions are available on request.
            </p>
          </>
        ),
      },
      {
        id: 'acceptance',
        title: 'Acceptance',
        summary: 'Using the application means you have read this policy.',
        body: (
          <>
            <p>
              By creating an account or using the application, you acknowledge that you have read and understood this
              policy. If you do not agree with it, please do not use the application. If you continue to use the
              application after an update takes effect, the updated policy applies to you.
            </p>
            <p>
              If you invite Additional Users, you are responsible for making this policy available to them before they
              join your account.
            </p>
          </>
        ),
      },
      {
        id: 'contact',
        title: 'Contact',
        summary: `Questions about your data? E-mail ${email}.`,
        body: (
          <>
            <p>
              If you have a question about this policy or about how we handle your personal data, or you want to
              exercise your rights, please contact us:
            </p>
            <ul>
              <li>
                <strong>Controller:</strong> {company}, a private limited company registered in the United Kingdom
              </li>
              <li>
                <strong>E-mail:</strong> {mail}
              </li>
              <li>
                <strong>Hours:</strong> Monday to Friday, 9 AM to 6 PM CET
              </li>
            </ul>
            <p>
              If you are not satisfied with our answer, you can complain to the Information Commissioner's Office in the
              United Kingdom or to your local data protection authority.
            </p>
          </>
        ),
      },
    ],
    closing: (
      <p>
        This Privacy Policy applies to application customers of {brand}. For the rules that govern use of the
        application, see our {terms}.
      </p>
    ),
  }
}
