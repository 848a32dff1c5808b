package dev.keel.examples.hospital;

import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.Locator;
import dev.keel.evidence.DiscoveryPrimitive;
import dev.keel.evidence.PrimitiveRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The ward assistant's tools, registered as discovery primitives under their own names, each reading the ward's
 * records and labelling what it returns with the data domain it belongs to:
 *
 * <table>
 *   <caption>The tools</caption>
 *   <tr><th>tool</th><th>domain</th><th>returns</th></tr>
 *   <tr><td>{@code lookup_patient}</td><td>{@code patient_records}</td>
 *       <td>the patients in the beds or with the record numbers named, else every patient</td></tr>
 *   <tr><td>{@code list_beds}</td><td>{@code bed_management}</td><td>the beds named, else every bed</td></tr>
 *   <tr><td>{@code staffing_roster}</td><td>{@code staffing}</td><td>every shift's staffing</td></tr>
 *   <tr><td>{@code ward_overview}</td><td>{@code ward_summaries}</td>
 *       <td>the ward's description and visiting hours</td></tr>
 * </table>
 *
 * <p>Immutable and thread-safe.
 */
public final class WardTools {

    public static final DiscoveryPrimitive LOOKUP_PATIENT = DiscoveryPrimitive.of("lookup_patient");
    public static final DiscoveryPrimitive LIST_BEDS = DiscoveryPrimitive.of("list_beds");
    public static final DiscoveryPrimitive STAFFING_ROSTER = DiscoveryPrimitive.of("staffing_roster");
    public static final DiscoveryPrimitive WARD_OVERVIEW = DiscoveryPrimitive.of("ward_overview");

    /** The tools a discovery plan of the ward may use, and none other. */
    public static final PrimitiveRegistry REGISTRY = PrimitiveRegistry.of(List.of(LOOKUP_PATIENT, LIST_BEDS,
            STAFFING_ROSTER, WARD_OVERVIEW));

    /** The kind of source every item is, in the provenance. */
    public static final String KIND = "ward_records";

    private static final Map<DiscoveryPrimitive, String> DOMAINS = Map.of(LOOKUP_PATIENT, "patient_records",
            LIST_BEDS, "bed_management", STAFFING_ROSTER, "staffing", WARD_OVERVIEW, "ward_summaries");

    private final WardRecords records;

    private WardTools(WardRecords records) {
        this.records = Objects.requireNonNull(records, "records");
    }

    /** The tools over {@code records}. */
    public static WardTools over(WardRecords records) {
        return new WardTools(records);
    }

    /** The data domain of what {@code tool} returns. */
    public static String domainOf(DiscoveryPrimitive tool) {
        return DOMAINS.get(tool);
    }

    /**
     * The tools that answer a question about {@code domains} naming {@code mentions}: a patient is looked up when
     * the question is about patients, names a record number, or asks who is in a bed it names; beds are listed when
     * it is about beds or names one; the ward is described when nothing else is asked.
     */
    public List<DiscoveryPrimitive> propose(List<String> domains, WardMentions mentions) {
        List<DiscoveryPrimitive> tools = new ArrayList<>();
        if (domains.contains("patient_records") || !mentions.mrns().isEmpty()
                || (mentions.askedWho() && !mentions.beds().isEmpty())) {
            tools.add(LOOKUP_PATIENT);
        }
        if (domains.contains("bed_management") || !mentions.beds().isEmpty()) {
            tools.add(LIST_BEDS);
        }
        if (domains.contains("staffing")) {
            tools.add(STAFFING_ROSTER);
        }
        if (tools.isEmpty() || domains.contains("ward_summaries")) {
            tools.add(WARD_OVERVIEW);
        }
        return tools;
    }

    /** What {@code tool} finds for a question naming {@code mentions}. */
    public ToolResult run(DiscoveryPrimitive tool, WardMentions mentions) {
        if (tool.equals(LOOKUP_PATIENT)) {
            return lookupPatients(mentions);
        }
        if (tool.equals(LIST_BEDS)) {
            return listBeds(mentions);
        }
        if (tool.equals(STAFFING_ROSTER)) {
            return staffing();
        }
        if (tool.equals(WARD_OVERVIEW)) {
            return overview();
        }
        throw new IllegalArgumentException("the ward has no tool " + tool);
    }

    private ToolResult lookupPatients(WardMentions mentions) {
        List<WardRecords.Patient> found = new ArrayList<>();
        if (mentions.beds().isEmpty() && mentions.mrns().isEmpty()) {
            found.addAll(records.patients());
        }
        mentions.beds().forEach(bed -> records.patientInBed(bed).filter(p -> !found.contains(p)).ifPresent(found::add));
        mentions.mrns().forEach(mrn -> records.patient(mrn).filter(p -> !found.contains(p)).ifPresent(found::add));
        List<EvidenceItem> items = new ArrayList<>();
        for (WardRecords.Patient patient : found) {
            items.add(item(LOOKUP_PATIENT, patient.locator(), "Bed " + patient.bed() + ", MRN " + patient.mrn()
                    + ": admitted " + patient.admitted() + " with " + patient.condition() + "; acuity "
                    + patient.acuity() + "; NEWS " + patient.news() + "; observations " + patient.observations()
                    + "; plan: " + patient.plan() + "; expected discharge " + patient.expectedDischarge()
                    + "; attending " + patient.attending() + "."));
        }
        return new ToolResult(LOOKUP_PATIENT, items, records.patients().size(), WardData.PATIENTS);
    }

    private ToolResult listBeds(WardMentions mentions) {
        List<EvidenceItem> items = new ArrayList<>();
        for (WardRecords.Bed bed : records.beds()) {
            if (mentions.beds().isEmpty() || mentions.beds().contains(bed.bed())) {
                items.add(item(LIST_BEDS, bed.locator(), "Bed " + bed.bed() + " (bay " + bed.bay() + "): "
                        + bed.status() + (bed.isolation() ? ", an isolation bed" : "") + "."));
            }
        }
        return new ToolResult(LIST_BEDS, items, records.beds().size(), WardData.BEDS);
    }

    private ToolResult staffing() {
        List<EvidenceItem> items = new ArrayList<>();
        for (WardRecords.Shift shift : records.shifts()) {
            items.add(item(STAFFING_ROSTER, shift.locator(), capitalised(shift.shift()) + " shift, " + shift.starts()
                    + " to " + shift.ends() + ": " + shift.nursesOnDuty() + " of " + shift.nursesPlanned()
                    + " planned nurses on duty and " + shift.assistantsOnDuty() + " healthcare assistant"
                    + (shift.assistantsOnDuty() == 1 ? "" : "s") + "; "
                    + shift.nurseInCharge() + " in charge; " + shift.physicianOnCall() + " on call."));
        }
        return new ToolResult(STAFFING_ROSTER, items, records.shifts().size(), WardData.STAFFING);
    }

    private ToolResult overview() {
        WardRecords.Info info = records.info();
        List<EvidenceItem> items = List.of(
                item(WARD_OVERVIEW, info.locator(), info.ward() + " (" + info.specialty() + "), run by "
                        + info.matron() + "; reach it through " + info.contact() + "."),
                item(WARD_OVERVIEW, info.locator().child("visiting_hours"), "Visiting hours: " + info.visitingHours()
                        + "."));
        return new ToolResult(WARD_OVERVIEW, items, 1, WardData.INFO);
    }

    private static EvidenceItem item(DiscoveryPrimitive tool, Locator locator, String text) {
        return new EvidenceItem(KIND, domainOf(tool), locator, text);
    }

    private static String capitalised(String word) {
        return word.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    /**
     * What one tool found: its items, how many records it read, and the file it read them from.
     *
     * @param tool   the tool
     * @param items  what it found, each labelled with the tool's domain
     * @param read   how many records it read
     * @param source the file it read
     */
    public record ToolResult(DiscoveryPrimitive tool, List<EvidenceItem> items, int read, String source) {

        public ToolResult {
            items = List.copyOf(items);
        }
    }
}
