package dev.keel.examples.hospital;

import dev.keel.policy.DomainDetection;
import dev.keel.policy.DomainDetector;
import dev.keel.policy.DomainRule;
import dev.keel.policy.PolicyDocument;
import java.util.ArrayList;
import java.util.List;

/**
 * The ward's domain detection: the policy's phrase rules, and {@code patient_records} for any message that names a
 * record number, however it is written ("MRN 4011 8823", "４０１１８８２３"), with or without a patient word. A
 * number is a reference to a patient whether or not it is a current one. Pure and thread-safe.
 */
final class PatientReferences implements DomainDetector {

    static final String PATIENT_RECORDS = "patient_records";

    private final DomainDetector phrases;
    private final WardRecords records;

    PatientReferences(PolicyDocument policy, WardRecords records) {
        this.phrases = DomainDetector.create(policy);
        this.records = records;
    }

    @Override
    public List<DomainRule> rules() {
        return phrases.rules();
    }

    @Override
    public DomainDetection detect(String prompt) {
        DomainDetection detected = phrases.detect(prompt);
        if (detected.domains().contains(PATIENT_RECORDS) || WardMentions.in(prompt, records).mrns().isEmpty()) {
            return detected;
        }
        List<String> domains = new ArrayList<>(detected.domains());
        domains.add(PATIENT_RECORDS);
        return new DomainDetection(domains, detected.matches());
    }
}
