{{/* The labels every object of the chart carries. */}}
{{- define "semaphore.labels" -}}
app.kubernetes.io/name: semaphore
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{/* The labels that select the server's pods: the driver's component selector matches them. */}}
{{- define "semaphore.selectorLabels" -}}
app.kubernetes.io/name: semaphore
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: server
{{- end }}

{{- define "semaphore.fullname" -}}
{{- printf "%s-semaphore" .Release.Name | trunc 63 | trimSuffix "-" }}
{{- end }}
