# Issue 5: the committed reports match the committed database.
if(EXISTS ${PROJECT_SOURCE_DIR}/reports/reference.db.xz)
  add_test(NAME reports_current
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/reports_current.sh
            $<TARGET_FILE:mmreport> ${PROJECT_SOURCE_DIR})
endif()
