package dev.keel.examples.hospital;

import static dev.keel.test.KeelAssertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import dev.keel.evidence.TurnMeaning;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.TraceStep;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyDecision;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.reading.FilteredText;
import dev.keel.reading.OutboundFilter;
import dev.keel.test.core.Reply;
import dev.keel.test.core.RequestMatcher;
import dev.keel.test.core.ScriptedBackend;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ward assistant on the shipped files, its general model a scripted stand-in that records what it is sent. */
class WardAssistantTest {

    static final Principal PHYSICIAN = Principal.of("physician", "phi");
    static final Principal NURSE = Principal.of("nurse", "internal");
    static final Principal GUEST = Principal.of("guest", "public");
    static final String PATIENT_IN_L03 = "How is the patient in bed L-03 doing?";

    private final ScriptedBackend general = ScriptedBackend.named(WardAssistant.GENERAL_MODEL)
            .on(RequestMatcher.purpose("ward_answer")).answer(request -> "{\"answer\": \"From the general model: "
                    + WardPrompt.records(request).size() + " records considered.\", \"records\": []}");
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final WardAssistant assistant = WardAssistant.builder().generalModel(general).auditSink(audit)
            .idSource(IdSource.sequential("ward")).clock(Clock.fixed(Instant.parse("2026-11-23T08:00:00Z"),
                    ZoneOffset.UTC)).build();

    @Test
    void aPhysicianGetsTheFiguresFromInsideTheHospitalButNeverTheRecordNumber() {
        GovernedAnswer answer = assistant.ask(PHYSICIAN, PATIENT_IN_L03);

        assertThat(answer).wasAnswered().hasDecision(Decision.ALLOW).hasReasonCodes("role_default_allow")
                .hasWithheld("no_patient_identifiers", 1).neverLeftTheHouse().isAuditedIn(audit);
        assertThat(answer).text().startsWith(WardWriter.PREFACE).contains("community-acquired pneumonia")
                .contains("NEWS 5", "BP 128/84", "expected discharge 2026-11-25").doesNotContain("40377215");
        assertThat(answer).provenance().hasPrincipal("physician", "phi").hasDomains("patient_records", "bed_management")
                .hasBackendTarget(WardAssistant.WARD_MODEL).hasBackendUsed(WardWriter.ID)
                .hasExtension("internal_only_rules", List.of("clearance phi", "domain patient_records"))
                .hasExtension("language_model", false).hasExtension("evidence_status", "confirmed")
                .hasExtension("ward_tools", List.of("lookup_patient", "list_beds"))
                .hasEvidenceSources("policy", WardData.POLICY, WardData.GOVERNANCE_KNOWLEDGE)
                .hasEvidenceSources(WardTools.KIND, WardData.PATIENTS, WardData.BEDS);
        assertThat(general).wasNeverCalled();
    }

    @Test
    void aNurseGetsThePatientInGeneralTermsWithEveryFigureButTheBedWithheld() {
        GovernedAnswer answer = assistant.ask(NURSE, PATIENT_IN_L03);

        assertThat(answer).wasAnswered().hasDecision(Decision.PARTIAL).hasReasonCodes("domain_not_allowed")
                .hasWithheld("number").hasWithheld("date").hasWithheld("no_patient_identifiers")
                .neverLeftTheHouse().isAuditedIn(audit);
        assertThat(answer).text().contains("Bed L-03", "community-acquired pneumonia", "acuity high",
                "IV antibiotics");
        assertThat(onlyIdentifiersLeft(answer.text())).doesNotContainPattern("\\p{N}");
        assertThat(general).wasNeverCalled();
    }

    @Test
    void aNursesPartialAnswerNamesTheBedAndWithholdsEveryOtherFigure() {
        PolicyDocument policy = WardData.policy();
        PolicyDecision decision = PolicyEvaluator.create(policy).evaluate(NURSE, List.of("patient_records",
                "bed_management"));
        // The physician's answer holds every figure the records give, the record number withheld.
        String records = assistant.ask(PHYSICIAN, PATIENT_IN_L03).text();

        FilteredText nurse = OutboundFilter.create(policy).apply(decision.decision(), decision.partialKinds(), records);

        assertThat(decision.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(decision.partialKinds().withholds(PartialKinds.IDENTIFIERS)).isFalse();
        assertThat(nurse.text()).contains("Bed L-03", "community-acquired pneumonia", "acuity high")
                .doesNotContain("L-[figure withheld]", "NEWS 5", "128/84", "2026-11-25", "40377215");
        // The only digits left are those of identifier-like words: the bed, and the name of what is measured (SpO2).
        assertThat(onlyIdentifiersLeft(nurse.text())).doesNotContainPattern("\\p{N}");
        assertThat(OutboundFilter.create(policy).apply(Decision.PARTIAL, records).text())
                .contains("L-[figure withheld]");
        // Through the governed call, the nurse's own answer is shown with the policy's kinds.
        GovernedAnswer asked = assistant.ask(NURSE, PATIENT_IN_L03);
        assertThat(asked.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(asked.text()).contains("L-03").doesNotContain("L-[figure withheld]");
    }

    @Test
    void aGuestIsDeniedAndNoModelIsAsked() {
        GovernedAnswer answer = assistant.ask(GUEST, PATIENT_IN_L03);

        assertThat(answer).wasDenied().hasDecision(Decision.DENY).hasReasonCodes("domain_denied").madeNoModelCall()
                .showsNoFigure().isAuditedIn(audit);
        assertThat(answer).text().startsWith("The request was denied (domain_denied).")
                .contains("Guests are never told anything about a patient");
        assertThat(answer).provenance().doesNotHaveExtension("ward_tools");
        assertThat(general).wasNeverCalled();
    }

    @Test
    void aQuestionWithoutAPatientWordIsGovernedByThePatientRecordItReads() {
        GovernedAnswer guest = assistant.ask(GUEST, "Who is in L-03?");
        GovernedAnswer nurse = assistant.ask(NURSE, "Who is in L-03?");

        assertThat(guest.governance().decision()).isEqualTo(Decision.ALLOW);
        assertThat(guest).wasDenied().hasReasonCodes("decision_lowered_by_evidence", "domain_denied")
                .madeNoModelCall();
        assertThat(nurse.governance().sensitivity().internalOnly()).isFalse();
        assertThat(nurse).wasAnswered().hasDecision(Decision.PARTIAL).neverLeftTheHouse()
                .hasReasonCodes("decision_lowered_by_evidence", "internal_only_by_evidence");
        assertThat(onlyIdentifiersLeft(nurse.text())).doesNotContainPattern("\\p{N}");
        assertThat(nurse).provenance().hasBackendTarget(WardAssistant.WARD_MODEL).hasExtension("internal_only", true);
        assertThat(nurse.trace()).extracting(TraceStep::step).containsSubsequence("evidence", "sensitivity", "routing");
        assertThat(general).wasNeverCalled();
        assertThat(audit).hasRecordsFor(guest.requestId(), nurse.requestId());
    }

    @Test
    void bedQuestionsMayGoToTheGeneralModelAndAGuestsPromptCarriesNoFigure() {
        GovernedAnswer nurse = assistant.ask(NURSE, "Which beds are free?");
        GovernedAnswer guest = assistant.ask(GUEST, "Which beds are free?");

        assertThat(nurse).wasAnswered().hasDecision(Decision.ALLOW).text()
                .isEqualTo("From the general model: 12 records considered.\n\nSources: ward_beds.csv.");
        assertThat(nurse).provenance().hasBackendUsed(WardAssistant.GENERAL_MODEL).hasNoBackendUsedReason()
                .hasExtension("language_model", true);
        assertThat(guest).wasAnswered().hasDecision(Decision.PARTIAL).hasReasonCodes("domain_not_allowed");
        assertThat(general).receivedRequests(2).everyRequestContains("Bed L-", "Ward records:");
        assertThat(general.requests().get(1).messages().get(0).text())
                .isEqualTo(WardData.policy().partialInstruction());
        assertThat(general.requests().get(1).messages().get(2).text()).doesNotContainPattern("\\p{N}");
        assertThat(general.requests().get(0).messages().get(1).text()).contains("Bed L-04 (bay A): free.");
    }

    @Test
    void withoutAGeneralModelTheWardsWriterAnswersAndSaysSo() {
        GovernedAnswer answer = WardAssistant.builder().build().ask(NURSE, "Who is on the late shift?");

        assertThat(answer).wasAnswered().hasDecision(Decision.ALLOW);
        assertThat(answer).text().startsWith("Written without a language model (ward_writer)")
                .contains("Late shift, 14:30 to 22:30: 4 of 5 planned nurses on duty");
        assertThat(answer).provenance().hasBackendTarget(WardAssistant.GENERAL_MODEL).hasBackendUsed(WardWriter.ID)
                .hasBackendUsedReasonContaining("general_model failed (backend_failed); answered by ward_writer")
                .hasExtension("language_model", false);
    }

    @Test
    void aFailingGeneralModelFallsBackToTheWardsWriter() {
        ScriptedBackend down = ScriptedBackend.named(WardAssistant.GENERAL_MODEL)
                .otherwise(Reply.retriableFailure("connection refused"));

        GovernedAnswer answer = WardAssistant.builder().generalModel(down).build().ask(NURSE, "Which beds are free?");

        assertThat(answer).wasAnswered().madeModelCalls(2);
        assertThat(answer).provenance().hasBackendUsed(WardWriter.ID)
                .hasBackendUsedReasonContaining("general_model failed (backend_retriable)");
        assertThat(down).receivedRequests(1);
    }

    @Test
    void everyCallLeavesOneAuditRecordWithoutTheMessageOrAnyRecordNumber() {
        // guest|public|ward-visiting-hours falls in the ward model's pool: its writer states the hours.
        List<GovernedAnswer> answers = List.of(assistant.ask(PHYSICIAN, "Summarise MRN 4037 7215 for me"),
                assistant.ask(NURSE, "Which beds are free?"), assistant.ask(GUEST, "Ward visiting hours?"),
                assistant.ask(GUEST, PATIENT_IN_L03), assistant.ask(null, "Which beds are free?"));

        assertThat(audit).hasRecordsFor("ward-1", "ward-2", "ward-3", "ward-4", "ward-5")
                .noRecordContains("40377215", "4037 7215", "Summarise", "Ward visiting");
        answers.forEach(answer -> assertThat(answer).isAuditedIn(audit));
        assertThat(answers.get(0)).hasDecision(Decision.ALLOW).neverLeftTheHouse().text().doesNotContain("4037");
        assertThat(answers.get(2)).hasDecision(Decision.ALLOW).text().contains("Visiting hours: from 14:00 to 20:00");
        assertThat(answers.get(4)).wasDenied().hasReasonCodes("principal_missing");
        assertThat(audit).recordOf("ward-1").hasPayloadEntry("internal_only", true)
                .hasPayloadEntry("backend_used", WardWriter.ID);
    }

    @Test
    void theToolsAreTheWardsOwnDiscoveryPrimitivesAndNoOther() {
        DiscoveryPlan plan = DiscoveryPlanBuilder.create(WardTools.REGISTRY).build(DiscoveryPlanInput.builder()
                .semanticDataNeed("free beds").turnMeaning(TurnMeaning.builder().askedDomainFamily("bed_management")
                        .build())
                .proposedPrimitives("list_beds", "raw_sql", "query_movements").build());

        assertThat(plan.isAllowed()).isTrue();
        assertThat(plan.allowedPrimitives()).containsExactly(WardTools.LIST_BEDS);
        assertThat(plan.rejectedPrimitives()).containsExactly("raw_sql", "query_movements");
        assertThat(WardTools.REGISTRY.primitives()).extracting(p -> p.wireName())
                .containsExactly("lookup_patient", "list_beds", "staffing_roster", "ward_overview");
    }

    @Test
    void theShippedFilesAreRead() {
        WardRecords records = WardData.records();

        assertThat(records.beds()).hasSize(12);
        assertThat(records.patients()).hasSize(8).allSatisfy(patient -> assertThat(patient.mrn()).matches("\\d{8}"));
        assertThat(records.shifts()).extracting(WardRecords.Shift::shift).containsExactly("early", "late", "night");
        assertThat(records.patientInBed("L-03").orElseThrow().locator().toString())
                .isEqualTo("ward_patients.csv#line=4");
        assertThat(WardData.policy().clearanceLevels()).containsExactly("public", "internal", "phi");
        assertThat(WardData.routingTable().internalBackendTarget()).isEqualTo(WardAssistant.WARD_MODEL);
    }

    /** A nurse's answer without the identifier-like words the policy lets a nurse see: the bed, and SpO2. */
    private static String onlyIdentifiersLeft(String text) {
        return text.replace("L-03", "").replace("SpO2", "");
    }
}
