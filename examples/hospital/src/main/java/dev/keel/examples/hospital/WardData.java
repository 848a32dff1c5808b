package dev.keel.examples.hospital;

import dev.keel.core.evidence.Locator;
import dev.keel.core.io.TextSources;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.evidence.loader.CsvColumn;
import dev.keel.evidence.loader.CsvRow;
import dev.keel.evidence.loader.CsvTable;
import dev.keel.evidence.loader.CsvTableReader;
import dev.keel.evidence.loader.MalformedEvidenceException;
import dev.keel.policy.GovernanceKnowledge;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.loader.PolicyFiles;
import dev.keel.routing.RoutingTable;
import dev.keel.routing.loader.RoutingTables;
import java.util.List;

/**
 * The files the ward assistant runs on, shipped with this example as class path resources under
 * {@code dev/keel/examples/hospital/}: its policy, its governance knowledge, its routing table and the ward's records.
 * Every reader validates its file completely and fails naming the file, the place and the problem. Stateless and
 * thread-safe.
 */
public final class WardData {

    public static final String POLICY = "ward_policy.json";
    public static final String GOVERNANCE_KNOWLEDGE = "ward_governance.md";
    public static final String ROUTING_TABLE = "ward_routing.json";
    public static final String INFO = "ward_info.json";
    public static final String BEDS = "ward_beds.csv";
    public static final String PATIENTS = "ward_patients.csv";
    public static final String STAFFING = "ward_staffing.csv";

    private static final String FOLDER = "dev/keel/examples/hospital/";

    private static final List<CsvColumn> BED_COLUMNS = List.of(CsvColumn.text("bed"), CsvColumn.text("bay"),
            CsvColumn.text("status"), CsvColumn.text("isolation"));
    private static final List<CsvColumn> PATIENT_COLUMNS = List.of(CsvColumn.text("mrn"), CsvColumn.text("bed"),
            CsvColumn.text("admitted"), CsvColumn.text("condition"), CsvColumn.text("acuity"),
            CsvColumn.wholeNumber("news", 0, 20), CsvColumn.text("observations"), CsvColumn.text("plan"),
            CsvColumn.text("attending"), CsvColumn.text("expected_discharge"));
    private static final List<CsvColumn> STAFFING_COLUMNS = List.of(CsvColumn.text("shift"), CsvColumn.text("starts"),
            CsvColumn.text("ends"), CsvColumn.wholeNumber("nurses_planned", 0),
            CsvColumn.wholeNumber("nurses_on_duty", 0), CsvColumn.wholeNumber("assistants_on_duty", 0),
            CsvColumn.text("nurse_in_charge"), CsvColumn.text("physician_on_call"));

    private WardData() {
    }

    public static PolicyDocument policy() {
        return PolicyFiles.readPolicyResource(loader(), FOLDER + POLICY);
    }

    public static GovernanceKnowledge governanceKnowledge() {
        return PolicyFiles.readKnowledgeResource(loader(), FOLDER + GOVERNANCE_KNOWLEDGE);
    }

    /** Indexes 0 to 3 go to the ward's own model, 4 to 9 to a general model outside the hospital. */
    public static RoutingTable routingTable() {
        return RoutingTables.readResource(loader(), FOLDER + ROUTING_TABLE);
    }

    /** The ward's records, read from the shipped files. */
    public static WardRecords records() {
        return new WardRecords(info(), beds(), patients(), shifts());
    }

    private static WardRecords.Info info() {
        Object tree = JsonCodec.strict().parse(text(INFO));
        return JsonTreeReader.read(tree, root -> {
            JsonTreeReader.ObjectValue info = root.object("ward", "specialty", "visiting_hours", "matron", "contact");
            return new WardRecords.Info(info.required("ward").nonBlankString(),
                    info.required("specialty").nonBlankString(), info.required("visiting_hours").nonBlankString(),
                    info.required("matron").nonBlankString(), info.required("contact").nonBlankString(),
                    Locator.json(INFO, ""));
        }, problems -> new MalformedEvidenceException(INFO, problems.get(0).pointer(), problems.get(0).message()));
    }

    private static List<WardRecords.Bed> beds() {
        return table(BEDS, BED_COLUMNS).rows().stream().map(row -> new WardRecords.Bed(row.text("bed"),
                row.text("bay"), row.text("status"), "yes".equals(row.text("isolation")), row.locator())).toList();
    }

    private static List<WardRecords.Patient> patients() {
        return table(PATIENTS, PATIENT_COLUMNS).rows().stream().map(WardData::patient).toList();
    }

    private static WardRecords.Patient patient(CsvRow row) {
        return new WardRecords.Patient(row.text("mrn"), row.text("bed"), row.text("admitted"), row.text("condition"),
                row.text("acuity"), row.wholeNumber("news"), row.text("observations"), row.text("plan"),
                row.text("attending"), row.text("expected_discharge"), row.locator());
    }

    private static List<WardRecords.Shift> shifts() {
        return table(STAFFING, STAFFING_COLUMNS).rows().stream().map(row -> new WardRecords.Shift(row.text("shift"),
                row.text("starts"), row.text("ends"), row.wholeNumber("nurses_planned"),
                row.wholeNumber("nurses_on_duty"), row.wholeNumber("assistants_on_duty"),
                row.text("nurse_in_charge"), row.text("physician_on_call"), row.locator())).toList();
    }

    private static CsvTable table(String file, List<CsvColumn> columns) {
        return CsvTableReader.read(file, text(file), columns);
    }

    /** The text of one shipped file. */
    public static String text(String file) {
        return TextSources.readResource(loader(), FOLDER + file);
    }

    private static ClassLoader loader() {
        return WardData.class.getClassLoader();
    }
}
