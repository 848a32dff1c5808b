package dev.keel.examples.hospital;

import dev.keel.core.evidence.Locator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The ward's records as read from its files: the ward's description, its beds, its patients and the staffing of its
 * shifts, each record with its {@link Locator}. Immutable and thread-safe.
 *
 * @param info     the ward's description
 * @param beds     the beds, in file order
 * @param patients the patients, in file order
 * @param shifts   the shifts, in file order
 */
public record WardRecords(Info info, List<Bed> beds, List<Patient> patients, List<Shift> shifts) {

    public WardRecords {
        Objects.requireNonNull(info, "info");
        beds = List.copyOf(beds);
        patients = List.copyOf(patients);
        shifts = List.copyOf(shifts);
    }

    /** The patient in bed {@code bed}; empty when the bed is not occupied by one. */
    public Optional<Patient> patientInBed(String bed) {
        return patients.stream().filter(patient -> patient.bed().equals(bed)).findFirst();
    }

    /** The patient whose record number is {@code mrn}. */
    public Optional<Patient> patient(String mrn) {
        return patients.stream().filter(patient -> patient.mrn().equals(mrn)).findFirst();
    }

    /**
     * The ward's description.
     *
     * @param ward          the ward's name
     * @param specialty     what it treats
     * @param visitingHours when visitors may come
     * @param matron        who runs it
     * @param contact       how to reach it
     * @param locator       where the description is
     */
    public record Info(String ward, String specialty, String visitingHours, String matron, String contact,
                       Locator locator) {
    }

    /**
     * One bed.
     *
     * @param bed       its id ({@code L-03})
     * @param bay       the bay it stands in
     * @param status    {@code occupied}, {@code free}, {@code cleaning} or {@code blocked}
     * @param isolation whether it is an isolation bed
     * @param locator   where the record is
     */
    public record Bed(String bed, String bay, String status, boolean isolation, Locator locator) {
    }

    /**
     * One patient: protected health information, identified by a medical record number that no answer shows.
     *
     * @param mrn               the eight-digit medical record number
     * @param bed               the bed the patient is in
     * @param admitted          the day of admission
     * @param condition         what the patient is treated for
     * @param acuity            {@code low}, {@code medium} or {@code high}
     * @param news              the National Early Warning Score
     * @param observations      the latest observations
     * @param plan              the care plan
     * @param attending         the physician in charge
     * @param expectedDischarge the expected day of discharge
     * @param locator           where the record is
     */
    public record Patient(String mrn, String bed, String admitted, String condition, String acuity, long news,
                          String observations, String plan, String attending, String expectedDischarge,
                          Locator locator) {
    }

    /**
     * The staffing of one shift.
     *
     * @param shift             {@code early}, {@code late} or {@code night}
     * @param starts            when it starts
     * @param ends              when it ends
     * @param nursesPlanned     the nurses the roster plans
     * @param nursesOnDuty      the nurses on duty
     * @param assistantsOnDuty  the healthcare assistants on duty
     * @param nurseInCharge     who leads the shift
     * @param physicianOnCall   the physician on call
     * @param locator           where the record is
     */
    public record Shift(String shift, String starts, String ends, long nursesPlanned, long nursesOnDuty,
                        long assistantsOnDuty, String nurseInCharge, String physicianOnCall, Locator locator) {
    }
}
